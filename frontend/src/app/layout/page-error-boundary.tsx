import { Component, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';

type State = { failed: boolean };

/**
 * A page that cannot be shown (most often its code could not be loaded: the
 * connection dropped, or the site was updated since this tab opened) says so
 * and offers a reload, instead of leaving the guest a blank screen. The
 * header and footer stay.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error('This page could not be shown', error);
  }

  componentDidUpdate(previous: { resetKey: string }) {
    // Another page was chosen: try again.
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="flex min-h-[70vh] items-center justify-center px-5 pb-20 pt-36">
        <div className="max-w-xl text-center" role="alert">
          <h1 className="font-display text-4xl text-ivory sm:text-5xl">This page could not be loaded</h1>
          <span className="gold-rule mx-auto mt-6" />
          <p className="mt-6 text-lg text-sand">The connection may have dropped, or the site was just updated. Reloading usually helps.</p>
          <Button className="mt-10" size="lg" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
        </div>
      </section>
    );
  }
}
