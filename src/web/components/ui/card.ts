// The white card every page section sits on; callers add spacing and alignment after it.
export const cardClasses = 'rounded-xl border border-stone-200 bg-white p-4 shadow-sm';
