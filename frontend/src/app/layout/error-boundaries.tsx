import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';

type BoundaryProps = { children: ReactNode; resetKey: string; fallback: ReactNode; what: string };
type State = { failed: boolean };

/**
 * Catches what its children throw while rendering (most often a chunk that
 * could not be loaded: the connection dropped, or the site was updated since
 * this tab opened) and shows `fallback` instead of a blank screen. A new
 * `resetKey` (another page chosen) tries again.
 */
class ErrorBoundary extends Component<BoundaryProps, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(`${this.props.what} could not be shown`, error);
  }

  componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function Failed({ title, text, action, className }: { title: string; text: string; action: string; className: string }) {
  return (
    <section className={className}>
      <div className="max-w-xl text-center" role="alert">
        <h1 className="font-display text-4xl text-ivory sm:text-5xl">{title}</h1>
        <span className="gold-rule mx-auto mt-6" />
        <p className="mt-6 text-lg text-sand">{text}</p>
        <Button className="mt-10" size="lg" onClick={() => window.location.reload()}>
          {action}
        </Button>
      </div>
    </section>
  );
}

const reloadHelps = 'The connection may have dropped, or the site was just updated. Reloading usually helps.';

/** A public page that cannot be shown: the header and footer stay. */
export function PageErrorBoundary({ children, resetKey }: { children: ReactNode; resetKey: string }) {
  return (
    <ErrorBoundary
      what="This page"
      resetKey={resetKey}
      fallback={
        <Failed
          title="This page could not be loaded"
          text={reloadHelps}
          action="Reload the page"
          className="flex min-h-[70vh] items-center justify-center px-5 pb-20 pt-36"
        />
      }
    >
      {children}
    </ErrorBoundary>
  );
}

/** An admin screen that cannot be shown (its chunk failed during a deployment): the session stays. */
export function AdminErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      what="This admin screen"
      resetKey={pathname}
      fallback={
        <Failed
          title="The dashboard could not be loaded"
          text={`${reloadHelps} You stay signed in.`}
          action="Reload the dashboard"
          className="flex min-h-screen items-center justify-center bg-ink px-5 py-20"
        />
      }
    >
      {children}
    </ErrorBoundary>
  );
}

/** The last net, around everything: even a layout that fails leaves a way back. */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      what="The site"
      resetKey=""
      fallback={
        <Failed
          title="Something went wrong"
          text={reloadHelps}
          action="Reload"
          className="flex min-h-screen items-center justify-center bg-ink px-5 py-20"
        />
      }
    >
      {children}
    </ErrorBoundary>
  );
}
