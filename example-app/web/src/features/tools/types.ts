// The types a tool's page is written against, apart from the table of pages (toolPages.ts), which
// imports the pages: a page imports these without importing the table back.
import type { Brand } from '@matchkit/sdk/brands';

/** One tool of the brand's catalogue. */
export type CatalogueTool = Brand['tools'][number];

/** What a tool's page is given: the tool as the brand's catalogue describes it. The route renders the heading and the gate. */
export interface ToolPageProps {
  readonly tool: CatalogueTool;
}
