export function NotFoundPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-6xl font-bold text-brand-700">404</p>
      <h1 className="text-xl font-semibold">Oops! Page not found</h1>
      <a href="/" className="text-brand-700 underline underline-offset-4 hover:text-brand-900">
        Return to Home
      </a>
    </main>
  );
}
