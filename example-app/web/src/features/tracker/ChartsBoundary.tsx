// The charts are a chunk of their own: if it cannot load (a new version deployed since the page
// opened, the network gone), only the charts say so; the bets and their actions stay usable.
import { Component, type ReactNode } from 'react';
import { Button } from '../../components/ui/Button';

export class ChartsBoundary extends Component<{ readonly children: ReactNode }, { readonly failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="rounded-card border border-danger bg-danger-bg px-4 pb-4 text-danger" role="alert">
        <p>The charts could not be shown. Reload the page to try again; your bets below are not affected.</p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </div>
    );
  }
}
