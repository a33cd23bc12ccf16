import { useLayoutEffect, useRef, type ComponentProps, type ComponentType } from 'react';
import type { ConfigProviderProps, TabsProps } from '@arco-design/web-react';

type Pane = { props?: { children?: unknown } } | null;
type HeaderProps = TabsProps & { paneChildren?: Pane[] };

/**
 * Arco's tabs have no role="tablist" parent, and header-only tabs (panes without content, whose content is drawn
 * outside) still point aria-controls at panels Arco never renders. The wrapper adds the one and drops the other;
 * `display: contents` leaves the layout as it was.
 */
function TablistHeader({ props, TabHeader }: { props: HeaderProps; TabHeader: ComponentType<HeaderProps> }) {
  const ref = useRef<HTMLDivElement>(null);
  const noPanels = (props.paneChildren ?? []).every((p) => p?.props?.children == null);
  useLayoutEffect(() => {
    if (noPanels) ref.current?.querySelectorAll('[aria-controls]').forEach((el) => el.removeAttribute('aria-controls'));
  });
  return (
    <div ref={ref} role="tablist" style={{ display: 'contents' }}>
      <TabHeader {...props} />
    </div>
  );
}

/** Defaults every Arco component of a shell and its remotes gets through the shell's ConfigProvider. */
export const A11Y_COMPONENT_CONFIG: ConfigProviderProps['componentConfig'] = {
  // Every form, in a dialog or on a page: a failed validation brings the first invalid field into view (and
  // shared/ui validateForm focuses it), instead of an error at the top of a long dialog scrolled out of view.
  Form: { scrollToFirstError: { block: 'center' } },
  Tabs: {
    renderTabHeader: (props, TabHeader) => (
      <TablistHeader props={props} TabHeader={TabHeader as ComponentType<ComponentProps<typeof TabHeader>>} />
    ),
  },
};
