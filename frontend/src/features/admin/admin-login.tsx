import { useEffect } from 'react';

/** Placeholder: the admin login screen is built by another engineer. */
export default function AdminLogin() {
  useEffect(() => {
    document.title = 'Admin Login | Golden Pine Wellness Retreat';
  }, []);
  return (
    <main className="flex min-h-screen items-center justify-center bg-ink px-6 text-ivory">
      <div className="w-full max-w-md border border-gold/30 bg-surface p-10 text-center">
        <h1 className="font-display text-4xl">Admin Login</h1>
        <p className="mt-4 text-sand">The administration area is being prepared.</p>
      </div>
    </main>
  );
}
