// Error boundary card (SPEC §8): 'Error occured in {component}' with the error text and stack.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function ErrorCard({ component, error }: { component: string; error: unknown }) {
  const { t } = useTranslation();
  const err = error instanceof Error ? error : new Error(String(error));
  return (
    <div className="error-card" role="alert">
      <h2 className="error-card-title">{t('error_boundary.title', { component })}</h2>
      <p className="error-card-message">{err.message}</p>
      {err.stack && <pre className="error-card-stack">{err.stack}</pre>}
    </div>
  );
}

interface Props {
  /** The component name shown in the card. */
  name: string;
  children: ReactNode;
}

export class ErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`Error occured in ${this.props.name}`, error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <ErrorCard component={this.props.name} error={this.state.error} />;
    return this.props.children;
  }
}
