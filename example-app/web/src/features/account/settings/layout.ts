// The account page's section frame, shared by its plan, billing and settings sections.
export const SETTINGS_SECTION = 'my-4';
export const SETTINGS_H2 = 'm-0 mb-3 text-xl font-semibold';
