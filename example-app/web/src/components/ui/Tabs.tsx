// Tabs on React Aria Components: a tab list moved through with the arrow keys, each tab showing its
// panel. Selection can be the page's (selectedKey and onSelectionChange) or the tabs' own.
import type { ReactNode } from 'react';
import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  type Key,
  type TabListProps as AriaTabListProps,
  type TabPanelProps as AriaTabPanelProps,
  type TabProps as AriaTabProps,
  type TabsProps as AriaTabsProps,
} from 'react-aria-components/Tabs';

export type { Key };

/**
 * @example
 * <Tabs defaultSelectedKey="bets">
 *   <TabList aria-label="Tracker views">
 *     <Tab id="bets">Bets</Tab>
 *     <Tab id="charts">Charts</Tab>
 *   </TabList>
 *   <TabPanel id="bets"><BetTable /></TabPanel>
 *   <TabPanel id="charts"><Charts /></TabPanel>
 * </Tabs>
 */
export function Tabs(props: Omit<AriaTabsProps, 'className'>) {
  return <AriaTabs {...props} className="flex flex-col gap-3" />;
}

/** The row of tabs; give it an aria-label. See {@link Tabs}. */
export function TabList<T extends object>(props: Omit<AriaTabListProps<T>, 'className'>) {
  return <AriaTabList {...props} className="flex gap-1 overflow-x-auto border-b border-border" />;
}

/** One tab; its `id` names the TabPanel it shows. See {@link Tabs}. */
export function Tab({ children, ...props }: Omit<AriaTabProps, 'className' | 'children'> & { readonly children: ReactNode }) {
  return (
    <AriaTab
      {...props}
      className={
        '-mb-px cursor-pointer border-b-2 border-transparent px-3 py-2 font-medium whitespace-nowrap text-muted outline-none ' +
        'data-[focus-visible]:outline-3 data-[focus-visible]:outline-focus data-[hovered]:text-text ' +
        'data-[selected]:border-accent data-[selected]:text-accent'
      }
    >
      {children}
    </AriaTab>
  );
}

/** The content of one tab. See {@link Tabs}. */
export function TabPanel(props: Omit<AriaTabPanelProps, 'className'>) {
  return <AriaTabPanel {...props} className="outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-focus" />;
}
