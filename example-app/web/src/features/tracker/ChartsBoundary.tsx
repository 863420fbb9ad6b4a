// The charts are a chunk of their own: if it cannot load (a new version deployed since the page
// opened, the network gone), only the charts say so; the bets and their actions stay usable.
import { Component, type ReactNode } from 'react';

export class ChartsBoundary extends Component<{ readonly children: ReactNode }, { readonly failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="error-box" role="alert">
        <p>The charts could not be shown. Reload the page to try again; your bets below are not affected.</p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}
