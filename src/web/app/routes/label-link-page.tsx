// /a/{code}, a printed label's QR code (issue 30, decision 0047): the signed-in member's phone
// camera (or Scan Tag) opens it, and it becomes the animal's page. The animal is looked for in the
// herd on the device first (no signal needed), then asked of the server, which answers only for an
// animal of the farm in use: anyone else reads 'Not an animal of this farm', never the animal's name.
import { useQuery } from '@tanstack/react-query';
import { ScanBarcode } from 'lucide-react';
import { Link, Redirect, useParams } from 'wouter';
import { animalIdOfLabelCode } from '../../../shared/animals/label-code';
import { Loading, LoadError } from '../../components/page-states';
import { buttonBase, buttonClasses } from '../../components/ui/button';
import { ApiError } from '../../lib/api';
import { usePageHeading } from '../page-heading';
import { animalQuery, animalSearchQuery } from '../../features/animals/api/animals';

function NotThisFarm() {
  return (
    <section className="space-y-3 rounded-xl border border-stone-200 bg-white p-6 text-center shadow-sm">
      <h2 className="text-lg font-semibold">Not an animal of this farm</h2>
      <p className="text-sm text-stone-700">
        This label belongs to an animal of another farm, or to one that was deleted.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link href="/scan" className={`${buttonBase} ${buttonClasses.secondary}`}>
          <ScanBarcode aria-hidden className="size-4" />
          Scan Tag
        </Link>
        <Link href="/my-animals" className={`${buttonBase} ${buttonClasses.secondary}`}>
          Back to My Animals
        </Link>
      </div>
    </section>
  );
}

export default function LabelLinkPage() {
  const { code = '' } = useParams<{ code: string }>();
  const id = animalIdOfLabelCode(code);
  const herd = useQuery(animalSearchQuery({}));
  const onDevice = id !== null && herd.data?.some((animal) => animal.id === id);
  const animal = useQuery({ ...animalQuery(id ?? ''), enabled: id !== null && !onDevice, retry: false });
  const notFound = id === null || (animal.error instanceof ApiError && animal.error.status === 404);
  usePageHeading(notFound ? 'Not an animal of this farm' : null);

  if (notFound) return <NotThisFarm />;
  if (onDevice || animal.data) return <Redirect to={`/animal/${id}`} replace />;
  if (animal.isError) return <LoadError error={animal.error} onRetry={() => void animal.refetch()} />;
  return <Loading>Opening the animal...</Loading>;
}
