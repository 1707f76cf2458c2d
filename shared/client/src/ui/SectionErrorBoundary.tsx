import { Component, type ErrorInfo, type ReactNode } from 'react';
import { SectionUnavailable } from './SectionUnavailable';

interface Props {
  /** Names the section in the console report. */
  name: string;
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/**
 * Catches a section that fails to load (remote down, 404, broken build, shared version mismatch)
 * or crashes while rendering, reports it in the console, and offers Retry; the rest keeps working.
 */
export class SectionErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Section "${this.props.name}" is unavailable:`, error, info.componentStack);
  }

  private retry = (): void => {
    this.setState({ error: null });
    this.props.onRetry();
  };

  render(): ReactNode {
    if (this.state.error) return <SectionUnavailable error={this.state.error} onRetry={this.retry} />;
    return this.props.children;
  }
}
