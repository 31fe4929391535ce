// Placeholder until the next issues fill this page in.
export default function Page() {
  return (
    <section className="space-y-2 rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <h2 className="text-lg font-semibold">My Herd</h2>
      <p className="text-stone-700">
        Your herd groups will appear here. Adding groups and animals comes next.
      </p>
    </section>
  );
}
