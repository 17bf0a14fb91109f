import { useEffect } from 'react';

/** Placeholder: the admin dashboard is built by another engineer. */
export default function AdminDashboard() {
  useEffect(() => {
    document.title = 'Admin Dashboard | Golden Pine Wellness Retreat';
  }, []);
  return (
    <main className="flex min-h-screen items-center justify-center bg-ink px-6 text-ivory">
      <div className="w-full max-w-md border border-gold/30 bg-surface p-10 text-center">
        <h1 className="font-display text-4xl">Admin Dashboard</h1>
        <p className="mt-4 text-sand">The administration area is being prepared.</p>
      </div>
    </main>
  );
}
