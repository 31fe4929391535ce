// What an animal page shows for an animal that is not on this farm (or never was).
import { Link } from 'wouter';
import { buttonBase, buttonClasses } from '../../../components/ui/button';

export function AnimalNotFound() {
  return (
    <section className="space-y-3 rounded-xl border border-stone-200 bg-white p-6 text-center shadow-sm">
      <h2 className="text-lg font-semibold">Animal not found</h2>
      <p className="text-sm text-stone-700">It may have been deleted, or it belongs to another farm.</p>
      <Link href="/my-animals" className={`${buttonBase} ${buttonClasses.secondary}`}>
        Back to My Animals
      </Link>
    </section>
  );
}
