/**
 * Google Identity Services (https://accounts.google.com/gsi/client), loaded on demand: only a
 * server that configures a Google client id makes the page fetch anything from Google.
 */

export const GOOGLE_IDENTITY_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

export interface GoogleCredentialResponse {
  /** The ID token (a JWT) the server verifies. */
  credential: string;
}

export interface GoogleButtonOptions {
  type?: 'standard' | 'icon';
  theme?: 'outline' | 'filled_blue' | 'filled_black';
  size?: 'large' | 'medium' | 'small';
  text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
  shape?: 'rectangular' | 'pill' | 'circle' | 'square';
  logo_alignment?: 'left' | 'center';
  width?: number;
  /** The button's language (a BCP 47 tag); Google's default is the browser's. */
  locale?: string;
}

/** The part of `google.accounts.id` this app uses. */
export interface GoogleAccountsId {
  initialize(config: {
    client_id: string;
    callback: (response: GoogleCredentialResponse) => void;
    ux_mode?: 'popup' | 'redirect';
    auto_select?: boolean;
  }): void;
  renderButton(parent: HTMLElement, options: GoogleButtonOptions): void;
  disableAutoSelect(): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

let loading: Promise<GoogleAccountsId> | null = null;

/** Adds the script once and resolves with `google.accounts.id`; a failed load may be retried. */
export function loadGoogleIdentity(): Promise<GoogleAccountsId> {
  const ready = window.google?.accounts?.id;
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_IDENTITY_SCRIPT_URL;
    script.async = true;
    script.defer = true;
    script.onload = () => {
      const id = window.google?.accounts?.id;
      if (id) resolve(id);
      else reject(new Error('Google Identity Services loaded without google.accounts.id'));
    };
    script.onerror = () => reject(new Error(`Could not load ${GOOGLE_IDENTITY_SCRIPT_URL}`));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    loading = null;
    document.querySelector(`script[src="${GOOGLE_IDENTITY_SCRIPT_URL}"]`)?.remove();
    throw error;
  });
  return loading;
}

let initializedFor: string | null = null;
let credentialHandler: ((credential: string) => void) | null = null;

/**
 * Initialises GIS once per client id (it warns when initialised again) and routes each
 * credential to the handler of the button rendered last.
 */
export function initializeGoogleIdentity(
  id: GoogleAccountsId,
  clientId: string,
  onCredential: (credential: string) => void,
): void {
  credentialHandler = onCredential;
  if (initializedFor === clientId) return;
  id.initialize({
    client_id: clientId,
    ux_mode: 'popup',
    callback: (response) => credentialHandler?.(response.credential),
  });
  initializedFor = clientId;
}

/** After a logout: no automatic re-selection of the Google account (only if GIS was loaded). */
export function disableGoogleAutoSelect(): void {
  window.google?.accounts?.id?.disableAutoSelect();
}
