import type { ConfigProviderProps } from '@arco-design/web-react';

/**
 * Arco's Tabs give their tabs no role="tablist" parent (screen readers then announce loose tabs): every Tabs of a
 * shell and its remotes gets one through the shell's ConfigProvider; `display: contents` leaves the layout as it was.
 */
export const A11Y_COMPONENT_CONFIG: ConfigProviderProps['componentConfig'] = {
  Tabs: {
    renderTabHeader: (props, TabHeader) => (
      <div role="tablist" style={{ display: 'contents' }}>
        <TabHeader {...props} />
      </div>
    ),
  },
};
