/**
 * Id of the `<script type="application/json">` holding a translated page's catalogue (the server
 * writes it, web/src/lib/i18n.ts reads it). A module of its own: the web app's first chunk takes
 * this one constant, not the language list of domain/languages.ts.
 */
export const MESSAGES_ELEMENT_ID = 'atlas-messages';
