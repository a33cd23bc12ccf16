/**
 * `import { Button } from '@arco-design/web-react'` → `import Button from '@arco-design/web-react/es/Button'`; with
 * `style: 'css'` also each component's own stylesheet (the login entry, which does without the whole arco.css).
 */
export const arcoImportPerComponent = (style: false | 'css') =>
  ({ libraryName: '@arco-design/web-react', libraryDirectory: 'es', camelToDashComponentName: false, style }) as const;
