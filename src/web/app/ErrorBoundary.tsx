import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '#web/components/ui/button.tsx';

interface Props {
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Catches render errors: 'Something went wrong' with a 'Try Again' button that renders the page again. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Render error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="mx-auto max-w-lg px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">Something went wrong</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          An unexpected error stopped this page from loading. Please try again.
        </p>
        <Button className="mt-6" onClick={() => this.setState({ error: null })}>
          Try Again
        </Button>
      </div>
    );
  }
}
