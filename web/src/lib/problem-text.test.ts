import { afterEach, describe, expect, it, vi } from 'vitest';
import fr from '#domain/messages/fr';
import { ApiError, apiRequest } from './api-client.ts';
import { setCatalogue } from './i18n.ts';
import { formatMessage } from '#domain/message-format';
import { problemText as withFormat, translateProblem } from './problem-text.ts';

const problemText = (text: string) => withFormat(text, formatMessage);

afterEach(() => {
  setCatalogue('en', {});
  vi.unstubAllGlobals();
});

describe('problem texts in the page’s language (French)', () => {
  it('translates a fixed server text', () => {
    setCatalogue('fr', fr);
    expect(problemText('Building not found')).toBe('Bâtiment introuvable');
    expect(problemText('You have already reported this; the moderators will look at it.')).toBe(
      'Vous avez déjà signalé ce contenu : les modérateurs vont l’examiner.',
    );
  });

  it('reads the variable parts of a text back into the translation', () => {
    setCatalogue('fr', fr);
    expect(problemText('The handle "new_name" is already taken.')).toBe(
      'L’identifiant « new_name » est déjà pris.',
    );
    expect(
      problemText('Your account is suspended until 2027-03-01; you cannot sign in or make changes.'),
    ).toBe(
      'Votre compte est suspendu jusqu’au 2027-03-01 : vous ne pouvez ni vous connecter ni apporter de modifications.',
    );
  });

  it('counts the seconds of a rate limit in French', () => {
    setCatalogue('fr', fr);
    expect(problemText('Too many requests. Please try again in 1 second.')).toBe(
      'Trop de requêtes. Veuillez réessayer dans 1 seconde.',
    );
    expect(problemText('Too many changes from your account. Please try again in 42 seconds.')).toBe(
      'Trop de modifications depuis votre compte. Veuillez réessayer dans 42 secondes.',
    );
  });

  it('translates each of several joined messages, and leaves unknown texts as they are', () => {
    setCatalogue('fr', fr);
    expect(problemText('Name is required; sort: Invalid input')).toBe(
      'Le nom est obligatoire; sort: Invalid input',
    );
    expect(problemText('Something nobody translated.')).toBe('Something nobody translated.');
  });

  it('changes nothing on an English page', () => {
    expect(problemText('Building not found')).toBe('Building not found');
    expect(problemText('Too many requests. Please try again in 3 seconds.')).toBe(
      'Too many requests. Please try again in 3 seconds.',
    );
  });

  it('translates the title, the detail and the field messages of a problem', async () => {
    setCatalogue('fr', fr);
    const problem = {
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'Image not found',
      errors: [{ path: 'body.name', message: 'Name is required' }],
    };
    expect(await translateProblem(problem)).toEqual({
      ...problem,
      detail: 'Image introuvable',
      errors: [{ path: 'body.name', message: 'Le nom est obligatoire' }],
    });
  });

  it("gives the API client's errors in the page's language", async () => {
    setCatalogue('fr', fr);
    const body = {
      type: 'about:blank',
      title: 'Forbidden',
      status: 403,
      detail: 'Only moderators can do this.',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(body), {
            status: 403,
            headers: { 'content-type': 'application/problem+json' },
          }),
      ),
    );
    const error: unknown = await apiRequest('/anything', { baseUrl: 'http://localhost' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).problem?.detail).toBe('Seuls les modérateurs peuvent faire cela.');
  });
});
