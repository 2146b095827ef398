import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** What shows instead when the code cannot load (e.g. the widget's stand-in, or nothing). */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Around a widget whose code loads on demand outside the page's own error boundary (header menus, the account
 * dialogs, the toaster): when its chunk cannot load (offline, or a new release replaced the file) the fallback
 * shows, instead of the whole app giving way to a blank page.
 */
export class LoadBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Part of the page could not load', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
