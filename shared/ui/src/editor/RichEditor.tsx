import { lazy, Suspense } from 'react';
import { Spin } from '@arco-design/web-react';
import type { RichEditorProps } from './RichEditorImpl';

export type { RichEditorProps };

// The editor (tiptap and ProseMirror, about 300 KB) loads with the first form that shows one, not with every page
// that imports @exam/ui (the shells' login page among them: @exam/ui is one shared module).
const Editor = lazy(() => import('./RichEditorImpl').then((m) => ({ default: m.RichEditor })));

export function RichEditor(props: RichEditorProps) {
  return (
    <Suspense fallback={<Spin style={{ display: 'block', minHeight: props.height ?? 300 }} />}>
      <Editor {...props} />
    </Suspense>
  );
}
