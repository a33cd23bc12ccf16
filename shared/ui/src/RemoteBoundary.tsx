import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { Button, Spin } from '@arco-design/web-react';
import { ErrorResult } from './ErrorResult';

export interface RemoteBoundaryProps {
  /** The module's name, shown to the user. */
  name: string;
  children?: ReactNode;
  /** Called before the boundary resets, e.g. to create a fresh lazy component (React caches failures). */
  onRetry?: () => void;
}

interface State {
  error: Error | null;
}

/** Wraps a remote module: while loading shows a spinner, when it fails a retry screen, never a blank page. */
export class RemoteBoundary extends Component<RemoteBoundaryProps, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[remote ${this.props.name}]`, error, info.componentStack);
  }

  retry = () => {
    this.props.onRetry?.();
    this.setState({ error: null });
  };

  render() {
    if (this.state.error) {
      return (
        <ErrorResult
          title="模块加载失败"
          subTitle={`模块「${this.props.name}」暂时无法加载，请检查网络后重试。`}
          extra={
            <Button type="primary" onClick={this.retry}>
              重试
            </Button>
          }
        />
      );
    }
    return (
      <Suspense fallback={<Spin style={{ display: 'block', padding: 48, textAlign: 'center' }} />}>
        {this.props.children}
      </Suspense>
    );
  }
}
