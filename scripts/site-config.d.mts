// Types for scripts/site-config.mjs, so TypeScript tests can import it.

/** docs/site.json: the project's public addresses. */
export interface Site {
  readonly placeholder: boolean;
  readonly repository: string;
  readonly branch: string;
  readonly docs: string;
  readonly issues: string;
  readonly archivedMajors?: readonly { readonly major: number; readonly url: string }[];
}

/** The published packages' folders. */
export declare const PACKAGES: readonly string[];
/** The documents whose links follow the site (package READMEs and CHANGELOGs, the root README). */
export declare const LINKED_FILES: readonly string[];
/** Parses and checks docs/site.json's text; throws naming every bad field. */
export declare function parseSite(text: string, where?: string): Site;
/** The homepage, repository and bugs fields a package's package.json gets from the site. */
export declare function packageMetadata(
  site: Site,
  directory: string,
): { homepage: string; repository: { type: 'git'; url: string; directory: string }; bugs: { url: string } };
/** A document's text with `from`'s addresses replaced by `to`'s. */
export declare function relink(text: string, from: Omit<Site, 'placeholder'>, to: Omit<Site, 'placeholder'>): string;
/** The links of a document into a repository that are not `site`'s, or name a file missing under `root`. */
export declare function staleLinks(text: string, site: Site, root: string): string[];
/** Every disagreement between the files under `root` and its docs/site.json. */
export declare function check(root: string): string[];
/** Writes docs/site.json's addresses into the packages' metadata and the linked documents; returns the files changed. */
export declare function write(root: string): string[];
