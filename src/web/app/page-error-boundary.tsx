// Catches a page that fails to render or to load (a chunk missing after a new release, a dropped
// connection): a message and a reload instead of a blank screen.
import { Component, type ReactNode } from 'react';
import { Button } from '../components/ui/button';
import { cardClasses } from '../components/ui/card';

type State = { failed: boolean };

export class PageErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className={`${cardClasses} space-y-3 text-center`}>
        <p className="font-medium">This page could not be loaded.</p>
        <p className="text-sm text-stone-600">
          Paddock may have been updated, or the connection dropped. Reloading usually fixes it.
        </p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </div>
    );
  }
}
