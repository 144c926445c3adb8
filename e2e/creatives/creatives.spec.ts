import { readFile } from 'node:fs/promises';
import {
  CREATIVE_ASSET_LIMITS,
  CREATIVE_REPORT_COLUMN_LABELS,
  CREATIVE_REPORT_COLUMNS,
  CREATIVE_TYPE_HINTS,
  CREATIVE_TYPE_LABELS,
} from '@beacon/domain/dictionary/creatives';
import { assetNotRecognisedMessage, uploadRuleOf } from '@beacon/domain/validation/creative-asset';
import { BULK_TAG_ROWS_MESSAGE } from '@beacon/domain/validation/creative-bulk-tags';
import { VAST_NO_AD_MESSAGE } from '@beacon/domain/validation/creative-vast';
import {
  CREATIVE_REJECTION_REASON_MESSAGE,
  CREATIVE_SIZE_MESSAGE,
  END_BEFORE_START_MESSAGE,
} from '@beacon/domain/validation/messages';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { createCampaignThroughApi, createStrategyThroughApi, tokenOf } from '../campaigns/detail-support';
import { checkAccessibility, demoUser, expectPath, logIn, logOut } from '../support/console';
import {
  bearer,
  createTagThroughApi,
  creativesNamed,
  MEDIA_TOOLS_SKIP_REASON,
  mp3Of,
  mp4Of,
  pngOf,
  screenshotBothWidths,
  xlsxOf,
} from './creatives-support';

/**
 * Creatives: an image uploaded with its progress, a refused file keeping the form; a video seen
 * processing to success; a creative linked to a campaign and approved by an operator, which moves the
 * campaign out of pending_approval; a bulk tag sheet with a bad row; a back-office rejection with its reason.
 * Axe on every page and dialog.
 */

const chooseFile = async (scope: Locator, label: string, name: string, mimeType: string, buffer: Buffer) => {
  await scope.getByLabel(label, { exact: true }).setInputFiles({ name, mimeType, buffer });
};

const fail = (): never => {
  throw new Error('no upload rule for an image creative');
};

const unique = (prefix: string): string => `${prefix} ${Date.now().toString(36)}`;

const grid = (page: Page) => page.getByRole('grid', { name: 'Creatives' });

test('a creative manager uploads an image creative and finds it in the library', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const name = unique('Spring banner');
  const token = await tokenOf(request, 'creative_manager');
  await logIn(page, 'creative_manager');
  // §2: the creative manager lands on the library.
  await expectPath(page, '/creatives');
  await expect(page.getByRole('heading', { level: 1, name: 'Creatives' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Creatives' }),
  ).toBeVisible();
  await checkAccessibility(page);

  await page.getByRole('button', { name: 'New creative' }).click();
  const dialog = page.getByRole('dialog', { name: 'New image creative' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Click URL' }).fill('https://example.com/spring');
  await expect(dialog.getByText(CREATIVE_ASSET_LIMITS.image.hint)).toBeVisible();
  // Escape with something typed asks first; keeping on editing loses nothing.
  await page.keyboard.press('Escape');
  const discard = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(discard).toBeHidden();
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  // A script renamed .png: refused by its content with the §5 hint, the form kept.
  await chooseFile(dialog, 'Image', 'banner.png', 'image/png', Buffer.from('<script>alert(1)</script>'));
  await dialog.getByRole('button', { name: 'Create' }).click();
  // Nothing is created (a creative goes with its valid file or not at all); the dialog keeps the form.
  const refusal = dialog.getByRole('alert').filter({ hasText: CREATIVE_ASSET_LIMITS.image.hint });
  await expect(refusal).toContainText(assetNotRecognisedMessage(uploadRuleOf('image', 'asset') ?? fail()));
  await expect(dialog.getByRole('alert').filter({ hasText: 'Nothing was created' })).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Click URL' })).toHaveValue('https://example.com/spring');
  expect(await creativesNamed(request, token, name)).toHaveLength(0);
  await checkAccessibility(page);
  await screenshotBothWidths(page, 'creative-dialog-refused');
  await chooseFile(dialog, 'Image', 'banner.png', 'image/png', await pngOf(300, 250));
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/creative\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Pending approval').first()).toBeVisible();
  await expect(page.getByText('300x250').first()).toBeVisible();
  await checkAccessibility(page);
  await screenshotBothWidths(page, 'creative-detail-image');

  await page.getByRole('link', { name: 'Creatives' }).first().click();
  await expectPath(page, '/creatives');
  await page.getByRole('searchbox', { name: 'Search creatives' }).fill(name);
  await expect(page).toHaveURL(/[?&]search=/);
  const row = grid(page).getByRole('row').filter({ hasText: name });
  await expect(row).toBeVisible();
  const thumbnail = row.locator(`img[data-thumbnail-of="${name}"]`);
  await expect(thumbnail).toBeVisible();
  await expect(row).toContainText('Pending approval');
  // A thumbnail whose file cannot be loaded gives way to the type's icon, not an empty tile.
  const thumbnailUrl = new URL((await thumbnail.getAttribute('src')) ?? '', page.url()).href;
  await page.route(thumbnailUrl, (route) => route.fulfill({ status: 404 }));
  await page.reload();
  await expect(row.locator(`[title="${CREATIVE_TYPE_LABELS.image}"] > svg`)).toBeVisible();
  await expect(thumbnail).toHaveCount(0);
  await page.unroute(thumbnailUrl);
  await page.reload();
  await expect(thumbnail).toBeVisible();
  await checkAccessibility(page);
  await screenshotBothWidths(page, 'creatives-library');
  expect(await creativesNamed(request, token, name)).toHaveLength(1);

  // The creative studio composes an image creative from a headline and a call to action.
  const composed = unique('Studio banner');
  await page.getByRole('button', { name: 'Creative studio' }).click();
  const studio = page.getByRole('dialog', { name: 'Creative studio' });
  await studio.getByRole('textbox', { name: 'Name' }).fill(composed);
  await studio.getByRole('textbox', { name: 'Click URL' }).fill('https://example.com/studio');
  await studio.getByRole('textbox', { name: 'Headline' }).fill('Spring deals are here');
  await expect(studio.getByRole('img', { name: /Spring deals are here, button Learn more/ })).toBeVisible();
  await checkAccessibility(page);
  await screenshotBothWidths(page, 'creative-studio');
  await studio.getByRole('button', { name: 'Create creative' }).click();
  await expect(studio).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: composed })).toBeVisible();
  await expect(page.getByText('jpeg · ')).toBeVisible();
  await expect(page.getByText('300x250').first()).toBeVisible();
});

/**
 * Makes a video creative through the dialog from the library (a 20 s MP4: long enough for its processing to be
 * seen) and checks that the upload answered it pending; the console then shows the new creative's page.
 */
const createVideoThroughDialog = async (page: Page, name: string, { check = false } = {}) => {
  await page.goto('/creatives');
  await page.getByRole('button', { name: 'New creative' }).click();
  const dialog = page.getByRole('dialog', { name: 'New image creative' });
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Video', exact: true }).click();
  const video = page.getByRole('dialog', { name: 'New video creative' });
  await video.getByRole('textbox', { name: 'Name' }).fill(name);
  await video.getByRole('textbox', { name: 'Click URL' }).fill('https://example.com/launch');
  await video.getByRole('textbox', { name: 'Start pixels' }).fill('https://pixel.example.com/start');
  await chooseFile(video, 'Video', 'launch.mp4', 'video/mp4', await mp4Of(20));
  if (check) await checkAccessibility(page);
  const uploaded = page.waitForResponse(
    (response) => response.request().method() === 'POST' && /\/api\/creative$/.test(response.url()),
  );
  await video.getByRole('button', { name: 'Create' }).click();
  // The creative is created with its video, answered pending: its job makes the renditions and poster after.
  const upload = await uploaded;
  expect(upload.status()).toBe(201);
  expect((await upload.json()).transcoding_status).toBe('pending');
  await expect(video).toBeHidden();
};

test('a video creative is seen processing, then processed', async ({ page }) => {
  test.skip(MEDIA_TOOLS_SKIP_REASON !== undefined, MEDIA_TOOLS_SKIP_REASON);
  test.setTimeout(120_000);
  const name = unique('Launch video');
  await logIn(page, 'editor');
  await createVideoThroughDialog(page, name, { check: true });
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  // The page shows the processing while it runs; on a fast machine the job may be done before the page reads.
  await expect(page.getByText(/^Video: (Processing|Processed)$/)).toBeVisible();
  if (await page.getByText('Video: Processing').isVisible()) {
    await checkAccessibility(page);
    await screenshotBothWidths(page, 'creative-detail-video-processing');
  }
  await expect(page.getByText('Video: Processed')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('Processing the video…')).toBeHidden();
  await checkAccessibility(page);
  await screenshotBothWidths(page, 'creative-detail-video-processed');
});

test('the library follows a video’s processing without being reloaded', async ({ page }) => {
  test.skip(MEDIA_TOOLS_SKIP_REASON !== undefined, MEDIA_TOOLS_SKIP_REASON);
  test.setTimeout(120_000);
  const name = unique('Teaser video');
  await logIn(page, 'editor');
  await createVideoThroughDialog(page, name);
  // Processing a short video takes this machine a moment, often less than the library takes to open: its
  // first read is answered as the server answered while the job ran (the video pending); every later read
  // is the server's own answer.
  let reads = 0;
  await page.route(/\/api\/creatives\?/, async (route) => {
    const response = await route.fetch();
    reads += 1;
    if (reads > 1) return route.fulfill({ response });
    const rows: { name: string; transcoding_status: string | null }[] = await response.json();
    return route.fulfill({
      response,
      json: rows.map((row) => (row.name === name ? { ...row, transcoding_status: 'pending' } : row)),
    });
  });
  await page.goto(`/creatives?search=${encodeURIComponent(name)}`);
  const row = grid(page).getByRole('row').filter({ hasText: name });
  await expect(row.getByRole('gridcell', { name: 'Processing', exact: true })).toBeVisible();
  await checkAccessibility(page);
  await screenshotBothWidths(page, 'creatives-library-video-processing');
  // No reload: the library reads the page again while a video on it is processing.
  await expect(row.getByRole('gridcell', { name: 'Processed', exact: true })).toBeVisible({
    timeout: 60_000,
  });
  expect(reads).toBeGreaterThan(1);
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toBeHidden();
});

/** Picks a type in the creative dialog, which then carries that type's name. */
const chooseType = async (page: Page, from: Locator, label: string): Promise<Locator> => {
  await from.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('listbox').getByRole('option', { name: label, exact: true }).click();
  return page.getByRole('dialog', { name: `New ${label.toLowerCase()} creative` });
};

/** A VAST 4.1 wrapper document, as another ad server would answer it. */
const VAST_WRAPPER =
  '<VAST version="4.1"><Ad id="1"><Wrapper><AdSystem>Partner</AdSystem>' +
  '<Impression>https://pixel.example.com/i</Impression>' +
  '<VASTAdTagURI><![CDATA[https://ads.example.com/vast/spot.xml]]></VASTAdTagURI></Wrapper></Ad></VAST>';

test('native, audio and external video creatives are made through the dialog, files and VAST checked', async ({
  page,
  request,
}) => {
  test.skip(MEDIA_TOOLS_SKIP_REASON !== undefined, MEDIA_TOOLS_SKIP_REASON);
  test.setTimeout(120_000);
  const token = await tokenOf(request, 'editor');
  await logIn(page, 'editor');
  await page.goto('/creatives');

  // Native: texts, a 300x300 main image and an icon.
  const nativeName = unique('Native card');
  await page.getByRole('button', { name: 'New creative' }).click();
  const native = await chooseType(page, page.getByRole('dialog', { name: 'New image creative' }), 'Native');
  // The hints follow the chosen type.
  await expect(native.getByText(CREATIVE_TYPE_HINTS.native)).toBeVisible();
  await expect(native.getByText(CREATIVE_TYPE_HINTS.image)).toHaveCount(0);
  await native.getByRole('textbox', { name: 'Name' }).fill(nativeName);
  await native.getByRole('textbox', { name: 'Click URL' }).fill('https://example.com/native');
  await native.getByRole('textbox', { name: 'Title' }).fill('Fresh deals every day');
  await native.getByRole('textbox', { name: 'Description' }).fill('Groceries at your door in an hour');
  await native.getByRole('textbox', { name: 'Call to action' }).fill('Shop now');
  await native.getByRole('textbox', { name: 'Sponsored by' }).fill('Demo Advertiser');
  await chooseFile(native, 'Main image', 'main.png', 'image/png', await pngOf(300, 300));
  await chooseFile(native, 'Icon', 'icon.png', 'image/png', await pngOf(80, 80));
  await checkAccessibility(page);
  await native.getByRole('button', { name: 'Create' }).click();
  await expect(native).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: nativeName })).toBeVisible();
  await expect(page.getByText('Pending approval').first()).toBeVisible();
  await checkAccessibility(page);
  await screenshotBothWidths(page, 'creative-detail-native');

  // Audio: an MP3 checked by content.
  const audioName = unique('Radio spot');
  await page.goto('/creatives');
  await page.getByRole('button', { name: 'New creative' }).click();
  const audio = await chooseType(page, page.getByRole('dialog', { name: 'New image creative' }), 'Audio');
  await audio.getByRole('textbox', { name: 'Name' }).fill(audioName);
  await audio.getByRole('textbox', { name: 'Click URL' }).fill('https://example.com/radio');
  await chooseFile(audio, 'Audio', 'spot.mp3', 'audio/mpeg', await mp3Of(3));
  await audio.getByRole('button', { name: 'Create' }).click();
  await expect(audio).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: audioName })).toBeVisible();
  await checkAccessibility(page);

  // External video: a pasted document that is not VAST is refused on its field, a VAST 4.x wrapper is taken.
  const wrapperName = unique('Partner wrapper');
  await page.goto('/creatives');
  await page.getByRole('button', { name: 'New creative' }).click();
  const wrapper = await chooseType(
    page,
    page.getByRole('dialog', { name: 'New image creative' }),
    'External video',
  );
  await wrapper.getByRole('textbox', { name: 'Name' }).fill(wrapperName);
  await wrapper.getByRole('radio', { name: 'VAST XML' }).check();
  const xml = wrapper.getByRole('textbox', { name: 'VAST XML' });
  await xml.fill('<VAST version="4.0"></VAST>');
  await wrapper.getByRole('button', { name: 'Create' }).click();
  await expect(wrapper.getByText(VAST_NO_AD_MESSAGE)).toBeVisible();
  await checkAccessibility(page);
  await xml.fill(VAST_WRAPPER);
  await wrapper.getByRole('button', { name: 'Create' }).click();
  await expect(wrapper).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: wrapperName })).toBeVisible();

  // What the server kept: the native images, the audio file and its duration, the wrapper's document.
  const kept = async (name: string) => {
    const [row] = await creativesNamed(request, token, name);
    const response = await request.get(`/api/creative/${row?.id}`, { headers: bearer(token) });
    expect(response.ok()).toBe(true);
    return response.json();
  };
  const nativeKept = await kept(nativeName);
  expect(nativeKept.native).toMatchObject({ title: 'Fresh deals every day', call_to_action: 'Shop now' });
  expect(nativeKept.native.main_image_url).toMatch(/^\/api\/files\//);
  expect(nativeKept.native.icon_url).toMatch(/^\/api\/files\//);
  const audioKept = await kept(audioName);
  expect(audioKept.asset).toMatchObject({ kind: 'mp3' });
  expect(audioKept.asset.duration_ms).toBeGreaterThan(2500);
  expect((await kept(wrapperName)).vast_xml).toBe(VAST_WRAPPER);
});

test('the creatives report downloads the creatives created on the chosen days as CSV', async ({ page }) => {
  await logIn(page, 'owner');
  await page.goto('/creatives');
  await page.getByRole('button', { name: 'Report', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Creatives report' });
  const today = new Date().toISOString().slice(0, 10);
  await expect(dialog.getByRole('textbox', { name: 'To', exact: true })).toHaveValue(today);
  // A range that ends before it starts is refused on the field, nothing downloaded.
  await dialog.getByRole('textbox', { name: 'From', exact: true }).fill(today);
  await dialog.getByRole('textbox', { name: 'To', exact: true }).fill('2020-01-01');
  await dialog.getByRole('button', { name: 'Download CSV' }).click();
  await expect(dialog.getByText(END_BEFORE_START_MESSAGE)).toBeVisible();
  await checkAccessibility(page);
  // From the day before: the suite's server seeded the demo before midnight when a run crosses it.
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await dialog.getByRole('textbox', { name: 'From', exact: true }).fill(yesterday);
  await dialog.getByRole('textbox', { name: 'To', exact: true }).fill(today);
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('creatives.csv');
  const [header, ...lines] = (await readFile(await download.path(), 'utf8')).trim().split(/\r?\n/);
  expect(header).toBe(
    CREATIVE_REPORT_COLUMNS.map((column) => CREATIVE_REPORT_COLUMN_LABELS[column]).join(','),
  );
  // The demo creatives of the owner's organizations, seeded when the server started; never Northwind's.
  expect(lines.join('\n')).toContain('Summer Sale');
  expect(lines.join('\n')).not.toContain('Northwind');
  await expect(dialog).toBeHidden();
});

/** Logs the current user out and another in. */
const switchUser = async (page: Page, from: string, to: string): Promise<void> => {
  await logOut(page, demoUser(from).name);
  await logIn(page, to);
};

const deliveryChip = (page: Page) => page.getByRole('button', { name: /^Delivery status:/ });

/** An operator's approval queue, searched for one creative. */
const openQueueRow = async (page: Page, name: string): Promise<Locator> => {
  await page.goto('/backoffice');
  await page
    .getByRole('tablist', { name: 'Back office sections' })
    .getByRole('tab', { name: 'Creatives' })
    .click();
  await expectPath(page, '/backoffice/creatives');
  await expect(page.getByRole('heading', { level: 1, name: 'Creatives' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search creatives' }).fill(name);
  // The debounced search reloads the grid: look (and scan) once it has reached the URL, not mid-load.
  await expect(page).toHaveURL(/[?&]search=/);
  const row = page
    .getByRole('grid', { name: 'Creatives to review' })
    .getByRole('row')
    .filter({ hasText: name });
  await expect(row).toBeVisible();
  return row;
};

test('the creative picker of a campaign offers only creatives it may link', async ({ page, request }) => {
  const editor = await tokenOf(request, 'editor');
  const campaign = await createCampaignThroughApi(request, editor);
  const prefix = unique('Picker');
  const offered = await createTagThroughApi(request, editor, `${prefix} own`);
  const rejected = await createTagThroughApi(request, editor, `${prefix} rejected`);
  const refusal = await request.post(`/api/backoffice/creative/${rejected.id}/reject`, {
    headers: bearer(await tokenOf(request, 'admin')),
    data: { reason: 'Misleading claim' },
  });
  expect(refusal.ok(), await refusal.text()).toBe(true);
  await createTagThroughApi(request, await tokenOf(request, 'reseller'), `${prefix} of Northwind`);

  // The supervisor sees every organization's creatives, yet is offered only those the campaign may link.
  await logIn(page, 'supervisor');
  await page.goto(`/campaign/${campaign.id}/creatives`);
  await page.getByRole('button', { name: 'Link creatives' }).click();
  const link = page.getByRole('dialog', { name: `Link creatives to ${campaign.name}` });
  await link.getByRole('combobox', { name: 'Creatives' }).fill(prefix);
  await expect(page.getByRole('option', { name: new RegExp(offered.name) })).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(1);
  await checkAccessibility(page);
});

test('a creative linked to a campaign and approved by an operator takes it out of pending approval', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await tokenOf(request, 'editor');
  const campaign = await createCampaignThroughApi(request, token);
  await createStrategyThroughApi(request, token, campaign.id);
  const activated = await request.put(`/api/campaign/${campaign.id}`, {
    headers: bearer(token),
    data: { state: 'active', version: campaign.version },
  });
  expect(activated.ok(), await activated.text()).toBe(true);
  const creative = await createTagThroughApi(request, token, unique('Evening tag'));

  await logIn(page, 'editor');
  await page.goto(`/campaign/${campaign.id}/creatives`);
  await expect(deliveryChip(page)).toHaveAccessibleName(/^Delivery status: No creatives/);
  await expect(page.getByText('No creative is linked: the campaign cannot deliver.')).toBeVisible();
  await page.getByRole('button', { name: 'Link creatives' }).click();
  const link = page.getByRole('dialog', { name: `Link creatives to ${campaign.name}` });
  await link.getByRole('combobox', { name: 'Creatives' }).fill(creative.name);
  await page.getByRole('option', { name: new RegExp(creative.name) }).click();
  await checkAccessibility(page);
  await link.getByRole('button', { name: 'Link' }).click();
  await expect(link).toBeHidden();
  const linked = page.getByRole('table', { name: `Creatives of ${campaign.name}` });
  await expect(linked.getByRole('row').filter({ hasText: creative.name })).toContainText('Pending approval');
  await expect(deliveryChip(page)).toHaveAccessibleName(/^Delivery status: Pending approval/);
  await checkAccessibility(page);
  await screenshotBothWidths(page, 'campaign-creatives-tab');

  // The bulk edit dialog lists every link with its state.
  await page.getByRole('button', { name: 'Bulk edit' }).click();
  const bulk = page.getByRole('dialog', { name: `Bulk edit the creatives of ${campaign.name}` });
  await expect(bulk.getByRole('combobox', { name: `Link of ${creative.name}` })).toHaveText('Active');
  await checkAccessibility(page);
  await bulk.getByRole('button', { name: 'Cancel' }).click();

  await switchUser(page, 'editor', 'admin');
  const row = await openQueueRow(page, creative.name);
  await checkAccessibility(page);
  await screenshotBothWidths(page, 'backoffice-creatives');
  await row.getByRole('menuitem', { name: `Approve ${creative.name}` }).click();
  await expect(page.getByText(`${creative.name} approved`)).toBeVisible();
  await expect(row).toBeHidden();

  await switchUser(page, 'admin', 'editor');
  await page.goto(`/campaign/${campaign.id}/creatives`);
  await expect(linked.getByRole('row').filter({ hasText: creative.name })).toContainText('Approved');
  await expect(deliveryChip(page)).not.toHaveAccessibleName(/Pending approval/);
  // Nothing holds it back, but it starts tomorrow: the chip says when, not "On track".
  await expect(deliveryChip(page)).toHaveAccessibleName(
    new RegExp(`^Delivery status: Starts ${campaign.start_date}\\. The campaign starts on`),
  );

  // The same links on the campaign creatives route of §2.
  await page.goto(`/creative?campaign=${campaign.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Creatives of ${campaign.name}` })).toBeVisible();
  await expect(linked.getByRole('row').filter({ hasText: creative.name })).toContainText('Active');
  await checkAccessibility(page);
});

test('an operator rejects a creative with a reason, which its advertiser reads', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await tokenOf(request, 'editor');
  const creative = await createTagThroughApi(request, token, unique('Loud tag'));
  const reason = 'The ad autoplays sound without a user action';

  await logIn(page, 'admin');
  const row = await openQueueRow(page, creative.name);
  await row.getByRole('menuitem', { name: `Preview ${creative.name}` }).click();
  const preview = page.getByRole('dialog', { name: `Preview of ${creative.name}` });
  await expect(preview).toBeVisible();
  await expect(preview.locator('iframe')).toHaveAttribute('sandbox', 'allow-scripts');
  await checkAccessibility(page);
  await preview.getByRole('button', { name: 'Reject' }).click();
  const reject = page.getByRole('dialog', { name: `Reject ${creative.name}` });
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText(CREATIVE_REJECTION_REASON_MESSAGE)).toBeVisible();
  await reject.getByRole('textbox', { name: 'Reason' }).fill(reason);
  await checkAccessibility(page);
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject).toBeHidden();
  await expect(preview).toBeHidden();
  await expect(row).toBeHidden();

  await switchUser(page, 'admin', 'editor');
  await page.goto(`/creative/${creative.id}`);
  await expect(page.getByRole('heading', { level: 1, name: creative.name })).toBeVisible();
  await expect(page.getByText('Rejected', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(reason)).toBeVisible();
  await checkAccessibility(page);
  await screenshotBothWidths(page, 'creative-detail-rejected');
  await page.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: `History of ${creative.name}` });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history).toContainText('Ada Admin');
  await checkAccessibility(page);
});

test('a bulk tag sheet with one bad row shows the row and creates nothing', async ({ page, request }) => {
  test.setTimeout(90_000);
  const token = await tokenOf(request, 'editor');
  const good = unique('Bulk tag');
  const bad = unique('Bulk odd size');
  const sheet = await xlsxOf([
    ['Creative name', 'Size', 'HTML markup', 'Impression pixel', 'Click URL'],
    [good, '300x250', '<div>Bulk one</div>', 'https://pixel.example.com/one', 'https://example.com/one'],
    [bad, '301x251', '<div>Bulk two</div>', 'https://pixel.example.com/two', 'https://example.com/two'],
  ]);

  await logIn(page, 'editor');
  await page.goto('/creatives');
  await page.getByRole('button', { name: 'Bulk tags' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk tags' });
  await chooseFile(
    dialog,
    'Tags sheet',
    'tags.xlsx',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    sheet,
  );
  await dialog.getByRole('button', { name: 'Create tags' }).click();
  const rejection = dialog.getByRole('alert').filter({ hasText: BULK_TAG_ROWS_MESSAGE });
  await expect(rejection).toBeVisible();
  await expect(rejection.getByRole('list', { name: 'Rejected rows' })).toContainText(
    `Row 3: Size: ${CREATIVE_SIZE_MESSAGE}`,
  );
  await expect(dialog.getByText('tags.xlsx')).toBeVisible();
  await checkAccessibility(page);
  await screenshotBothWidths(page, 'bulk-tags-rejected');
  // All or nothing: the good row was not created either.
  expect(await creativesNamed(request, token, good)).toHaveLength(0);
  expect(await creativesNamed(request, token, bad)).toHaveLength(0);
});
