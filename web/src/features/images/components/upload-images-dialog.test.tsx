// @vitest-environment happy-dom
import { useState } from 'react';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  problem,
  queryClientSignedIn,
  renderWithProviders,
  stubFetch,
  stubBrowserApis,
  testUser,
} from '../../../testing/render.tsx';
import fr from '#domain/messages/fr';
import { setCatalogue } from '../../../lib/i18n.ts';
import { UploadImagesDialog } from './upload-images-dialog.tsx';

const jpeg = (name = 'front.jpg', size = 3) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });

function renderDialog(props: { maxSize?: number } = {}) {
  const onClose = vi.fn();
  const onUploaded = vi.fn();
  const view = renderWithProviders(
    <UploadImagesDialog buildingId={5} opened onClose={onClose} onUploaded={onUploaded} {...props} />,
    { queryClient: queryClientSignedIn(testUser) },
  );
  const input = () => document.querySelector<HTMLInputElement>('input[type="file"]');
  return { ...view, onClose, onUploaded, input };
}

const user = () => userEvent.setup({ applyAccept: false });

async function choose(files: File[]) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  await user().upload(input, files);
}

async function pickType(itemName: string, label: string) {
  const item = screen.getByRole('listitem', { name: itemName });
  await user().click(within(item).getByRole('combobox', { name: 'Type' }));
  await user().click(await screen.findByRole('option', { name: label }));
}

describe('upload dialog (product §2, 5)', () => {
  beforeEach(() => {
    stubBrowserApis();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('accepts .jpeg, .jpg, .png and .gif only, naming each refused file', async () => {
    const { input } = renderDialog({ maxSize: 10 });
    expect(input()?.getAttribute('accept')).toBe('image/jpeg,.jpeg,.jpg,image/png,.png,image/gif,.gif');
    await choose([
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
      jpeg('huge.jpg', 11),
      jpeg('ok.jpg', 5),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'notes.txt: File type must be one of image/jpeg, .jpeg, .jpg, image/png, .png, image/gif, .gif',
    );
    expect(alert.textContent).toContain('huge.jpg: File is larger than 10 bytes');
    expect(screen.getByRole('listitem', { name: 'ok.jpg' })).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: 'huge.jpg' })).toBeNull();
  });

  it("refuses an empty file with 'File is smaller than 1 bytes'", async () => {
    renderDialog();
    await choose([jpeg('empty.jpg', 0), jpeg('ok.jpg', 5)]);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'empty.jpg: File is smaller than 1 bytes',
    );
    expect(screen.queryByRole('listitem', { name: 'empty.jpg' })).toBeNull();
    expect(screen.getByRole('listitem', { name: 'ok.jpg' })).toBeTruthy();
  });

  it("refuses more than 20 files with 'Too many files'", async () => {
    renderDialog();
    await choose(Array.from({ length: 21 }, (_, i) => jpeg(`p${i}.jpg`)));
    const alert = await screen.findByRole('alert');
    // react-dropzone keeps the first 20 and refuses the rest.
    expect(alert.textContent).toContain('p20.jpg: Too many files');
    expect(alert.textContent).not.toContain('p0.jpg');
    expect(within(screen.getByRole('list', { name: 'Chosen images' })).getAllByRole('listitem')).toHaveLength(
      20,
    );
  });

  it("shows a form per file and asks 'Please select a type for each image' before sending anything", async () => {
    const { fetchMock } = stubFetch({});
    renderDialog();
    await choose([jpeg('a.jpg'), jpeg('b.jpg')]);
    const item = screen.getByRole('listitem', { name: 'a.jpg' });
    expect(within(item).getByRole('textbox', { name: 'Description' }).getAttribute('placeholder')).toBe(
      'leave blank',
    );
    const year = within(item).getByRole('textbox', { name: 'Capture year' });
    expect(year.getAttribute('placeholder')).toBe('YYYY');
    expect(year.getAttribute('maxlength')).toBe('10');

    await pickType('a.jpg', 'Interior');
    await user().click(screen.getByRole('button', { name: 'Upload' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please select a type for each image');
    expect(fetchMock).not.toHaveBeenCalled();

    // Removing the file without a type leaves a valid form.
    await user().click(screen.getByRole('button', { name: 'Remove b.jpg' }));
    expect(screen.queryByRole('listitem', { name: 'b.jpg' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers the six types with the upload labels, and checks the capture year', async () => {
    stubFetch({});
    renderDialog();
    await choose([jpeg('a.jpg')]);
    const item = screen.getByRole('listitem', { name: 'a.jpg' });
    await user().click(within(item).getByRole('combobox', { name: 'Type' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Exterior',
      'Interior',
      'Plans',
      'Drawing',
      'Detail',
      'Other',
    ]);
    await user().click(screen.getByRole('option', { name: 'Plans' }));
    await user().type(within(item).getByRole('textbox', { name: 'Capture year' }), 'spring');
    await user().click(screen.getByRole('button', { name: 'Upload' }));
    expect(await within(item).findByText('Capture year must be a year (YYYY)')).toBeTruthy();
  });

  it('uploads, shows the progress on the disabled button, then clears the list, closes and returns the ids', async () => {
    const { calls } = stubFetch({
      'POST /api/images/upload': () =>
        json(
          {
            uploadUrls: [
              { url: '/api/uploads/k1', method: 'PUT', content_type: 'image/jpeg', expires_at: '' },
            ],
            images: [{ id: 41 }],
          },
          201,
        ),
      'PUT /api/uploads/k1': () => new Response(null, { status: 204 }),
      'POST /api/images/confirm-upload': () => json({ uploaded: [41], missing: [], deleted: [] }),
      'POST /api/images/process-uploaded': () => json({ results: [{ task_id: 't41', image_id: 41 }] }),
      'GET /api/images/processing-status/t41': () => json({ task_id: 't41', status: 'SUCCESS' }),
    });
    const { onUploaded, onClose } = renderDialog();
    await choose([jpeg('front.jpg')]);
    await pickType('front.jpg', 'Exterior');
    const item = screen.getByRole('listitem', { name: 'front.jpg' });
    await user().type(within(item).getByRole('textbox', { name: 'Description' }), 'South front');
    await user().type(within(item).getByRole('textbox', { name: 'Capture year' }), '1999');
    await user().click(screen.getByRole('button', { name: 'Upload' }));

    const busy = await screen.findByRole('button', { name: 'Processing thumbnails... (0/1 complete)' });
    expect(busy.hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith([41]), { timeout: 4000 });
    expect(onClose).toHaveBeenCalled();
    expect(screen.queryByRole('list', { name: 'Chosen images' })).toBeNull();
    expect(calls[0]?.body).toEqual({
      buildingId: 5,
      // fileSize: the upload URL is signed for the file's size (S3 refuses any other).
      metadata: [
        {
          description: 'South front',
          captureYear: 1999,
          type: 'exterior',
          fileExt: '.jpg',
          fileSize: 3,
          // The licence and credit of the upload, the defaults when left alone.
          license: 'CC-BY-SA-4.0',
          author: null,
        },
      ],
    });
  });

  it("on a failed upload says 'Upload failed. Please try again.' and keeps everything typed", async () => {
    stubFetch({ 'POST /api/images/upload': () => problem(500, 'Internal Server Error', 'boom') });
    const { onUploaded, onClose } = renderDialog();
    await choose([jpeg('front.jpg')]);
    await pickType('front.jpg', 'Detail');
    const item = screen.getByRole('listitem', { name: 'front.jpg' });
    await user().type(within(item).getByRole('textbox', { name: 'Description' }), 'Door handle');
    await user().click(screen.getByRole('button', { name: 'Upload' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Upload failed. Please try again.');
    expect(onUploaded).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    const kept = screen.getByRole('listitem', { name: 'front.jpg' });
    expect(within(kept).getByRole<HTMLInputElement>('textbox', { name: 'Description' }).value).toBe(
      'Door handle',
    );
    expect(within(kept).getByRole<HTMLInputElement>('combobox', { name: 'Type' }).value).toBe('Detail');
    expect(screen.getByRole('button', { name: 'Upload' }).hasAttribute('disabled')).toBe(false);
  });

  it('starts empty when opened again after a failed upload was closed', async () => {
    stubFetch({ 'POST /api/images/upload': () => problem(500, 'Internal Server Error', 'boom') });
    function Reopenable() {
      const [opened, setOpened] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpened((o) => !o)}>
            toggle
          </button>
          <UploadImagesDialog buildingId={5} opened={opened} onClose={() => {}} onUploaded={() => {}} />
        </>
      );
    }
    renderWithProviders(<Reopenable />, { queryClient: queryClientSignedIn(testUser) });
    await choose([jpeg('front.jpg')]);
    await pickType('front.jpg', 'Detail');
    await user().click(screen.getByRole('button', { name: 'Upload' }));
    await screen.findByRole('alert');
    const toggle = screen.getByText('toggle');
    fireEvent.click(toggle);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload Image(s)' })).toBeNull());
    fireEvent.click(toggle);
    await screen.findByRole('dialog', { name: 'Upload Image(s)' });
    expect(screen.queryByRole('listitem', { name: 'front.jpg' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload' }).hasAttribute('disabled')).toBe(true);
  });

  it('keeps the files that failed with the partial-failure text, returning the ids that made it', async () => {
    stubFetch({
      'POST /api/images/upload': () =>
        json(
          {
            uploadUrls: [
              { url: '/api/uploads/k1', method: 'PUT', content_type: 'image/jpeg', expires_at: '' },
              { url: '/api/uploads/k2', method: 'PUT', content_type: 'image/jpeg', expires_at: '' },
            ],
            images: [{ id: 51 }, { id: 52 }],
          },
          201,
        ),
      'PUT /api/uploads/k1': () => new Response(null, { status: 204 }),
      'PUT /api/uploads/k2': () => problem(413, 'Payload Too Large', 'too big'),
      'POST /api/images/confirm-upload': () => json({ uploaded: [51], missing: [], deleted: [52] }),
      'POST /api/images/process-uploaded': () => json({ results: [{ task_id: 't51', image_id: 51 }] }),
      'GET /api/images/processing-status/t51': () => json({ task_id: 't51', status: 'SUCCESS' }),
    });
    const { onUploaded, onClose } = renderDialog();
    await choose([jpeg('one.jpg'), jpeg('two.jpg')]);
    await pickType('one.jpg', 'Exterior');
    await pickType('two.jpg', 'Other');
    await user().click(screen.getByRole('button', { name: 'Upload' }));

    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith([51]), { timeout: 4000 });
    expect((await screen.findByRole('alert')).textContent).toBe(
      '1 image(s) failed to upload. Successfully uploaded 1 image(s).',
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('listitem', { name: 'one.jpg' })).toBeNull();
    expect(screen.getByRole('listitem', { name: 'two.jpg' })).toBeTruthy();
  });

  it("names a file whose thumbnails failed with the server's reason, and stays open", async () => {
    const reason =
      'The image has 4 frames of 4000×4000 pixels (64 megapixels in all); at most 50 megapixels are accepted';
    stubFetch({
      'POST /api/images/upload': () =>
        json(
          {
            uploadUrls: [
              { url: '/api/uploads/k1', method: 'PUT', content_type: 'image/jpeg', expires_at: '' },
              { url: '/api/uploads/k2', method: 'PUT', content_type: 'image/gif', expires_at: '' },
            ],
            images: [{ id: 61 }, { id: 62 }],
          },
          201,
        ),
      'PUT /api/uploads/k1': () => new Response(null, { status: 204 }),
      'PUT /api/uploads/k2': () => new Response(null, { status: 204 }),
      'POST /api/images/confirm-upload': () => json({ uploaded: [61, 62], missing: [], deleted: [] }),
      'POST /api/images/process-uploaded': () =>
        json({
          results: [
            { task_id: 't61', image_id: 61 },
            { task_id: 't62', image_id: 62 },
          ],
        }),
      'GET /api/images/processing-status/t61': () => json({ task_id: 't61', status: 'SUCCESS' }),
      'GET /api/images/processing-status/t62': () => json({ task_id: 't62', status: 'FAILURE' }),
      'GET /api/images/62': () => json({ id: 62, status: 'failed', failure_reason: reason }),
    });
    const { onUploaded, onClose } = renderDialog();
    await choose([jpeg('one.jpg'), new File([new Uint8Array(3)], 'anim.gif', { type: 'image/gif' })]);
    await pickType('one.jpg', 'Exterior');
    await pickType('anim.gif', 'Other');
    await user().click(screen.getByRole('button', { name: 'Upload' }));

    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(within(alert).getByText('Some images could not be processed')).toBeTruthy();
    expect(within(alert).getByRole('listitem').textContent).toBe(`anim.gif: ${reason}`);
    expect(onUploaded).toHaveBeenCalledWith([61, 62]);
    expect(onClose).not.toHaveBeenCalled();
    // Sending the same file again would be refused again: it is not kept in the form.
    expect(screen.queryByRole('listitem', { name: 'anim.gif' })).toBeNull();
  });
});

describe('upload dialog in French', () => {
  beforeEach(() => {
    stubBrowserApis();
    setCatalogue('fr', fr);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('titles the dialog, counts the files it takes and asks for the types in French', async () => {
    const { fetchMock } = stubFetch({});
    renderDialog();
    expect(await screen.findByRole('dialog', { name: 'Envoyer des images' })).toBeTruthy();
    expect(screen.getByText('JPEG, PNG ou GIF, jusqu’à 20 fichiers')).toBeTruthy();
    await choose([jpeg('a.jpg')]);
    expect(screen.getByRole('list', { name: 'Images choisies' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Aperçu de a.jpg' })).toBeTruthy();
    await user().click(screen.getByRole('button', { name: 'Envoyer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Veuillez choisir un type pour chaque image');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
