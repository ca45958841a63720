import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, screenshot, useHarness } from './harness';
import { buyerSays, sellerSays, usePilotServer } from './pilot-room';
import { openOptions, storedEvents } from './options-page';

describe('pilot onboarding in real Chromium: the Buyer link, rejoining the seat, Buyer codes', () => {
  const harness = useHarness();
  const { server, roomFor, studyWithSeller, startChat } = usePilotServer(harness);

  it('shows the Buyer link at once with a Copy button and a QR code, before any category is offered', async () => {
    const h = harness();
    const room = await roomFor('B.IIc');
    const seller = await h.context.newPage();
    await seller.goto(room.sellerUrl);
    const invite = seller.locator('#invite');
    await invite.waitFor();
    expect(await seller.locator('#buyer-link').inputValue()).toBe(room.buyerUrl);
    expect(await seller.locator('#offer').isVisible()).toBe(true); // nothing offered yet
    // The QR code is drawn (rectangles of an SVG) and sized to scan.
    const qr = seller.locator('#buyer-qr svg');
    await qr.waitFor();
    expect((await qr.boundingBox())?.width).toBeGreaterThan(100);
    await screenshot(seller, 'pilot-seller-invite');

    // Copy: to the clipboard, confirmed on the page.
    await h.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(room.sellerUrl).origin });
    await seller.locator('#copy-link').click();
    await expect.poll(() => seller.locator('#copy-status').innerText()).toBe('Copied');
    expect(await seller.evaluate(() => navigator.clipboard.readText())).toBe(room.buyerUrl);

    // Where the browser refuses the clipboard (and the old way too), the link is selected to copy by hand.
    await seller.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
      document.execCommand = () => false;
    });
    await seller.locator('#copy-link').click();
    await expect.poll(() => seller.locator('#copy-status').innerText()).toMatch(/^Selected: press Ctrl\+C/);
    const selected = await seller
      .locator('#buyer-link')
      .evaluate((el: HTMLInputElement) => el.value.slice(el.selectionStart ?? 0, el.selectionEnd ?? 0));
    expect(selected).toBe(room.buyerUrl);

    // Once the Buyer has chosen, the invitation gives way to the chat.
    await seller.locator('#offer').click();
    await expect.poll(() => invite.isVisible()).toBe(true); // still there while the Buyer chooses
    const buyer = await h.context.newPage();
    await buyer.goto(room.buyerUrl);
    await buyer.getByTestId('pick-headphones').click();
    await expect.poll(() => invite.isVisible()).toBe(false);
    await Promise.all([seller.close(), buyer.close()]);
  });

  it('lets a Buyer who closed the window rejoin from the same link, and asks before a second window takes over', async () => {
    const h = harness();
    const room = await roomFor('B.IIu');
    const { seller, buyer } = await startChat(room, 'lego');
    await buyerSays(buyer, seller, 'A Lego set for my niece, please.');
    await sellerSays(seller, 'How old is she?');
    await expect.poll(() => buyer.locator('.msg.theirs[data-sender="seller"]').last().innerText()).toBe('How old is she?');

    // The Buyer closes the window, then opens the same link again: back in the seat, with the conversation so far.
    await buyer.close();
    await expect.poll(() => seller.locator('#presence').innerText()).toBe('Buyer offline');
    const back = await h.context.newPage();
    await back.goto(room.buyerUrl);
    await expect
      .poll(() => back.getByTestId('buyer-messages').locator('.msg[data-sender]:not(.system)').allInnerTexts())
      .toEqual(['A Lego set for my niece, please.', 'How old is she?']);
    await back.locator('.task').waitFor(); // the task is shown again too
    await buyerSays(back, seller, 'She is nine.');
    await expect.poll(() => seller.locator('#presence').innerText()).toBe('Buyer online');
    await screenshot(back, 'pilot-buyer-rejoined');

    // A second window of the same browser: asked, and the first window keeps the seat until the Buyer says so.
    const second = await h.context.newPage();
    await second.goto(room.buyerUrl);
    const prompt = second.getByTestId('takeover-prompt');
    await prompt.waitFor();
    expect(await prompt.innerText()).toContain('This room is open in another window');
    await screenshot(second, 'pilot-buyer-takeover-prompt');
    await buyerSays(back, seller, 'She likes horses.');

    // Taking over: the conversation goes on here; the first window says why it stopped, and stays stopped.
    await second.getByTestId('takeover').click();
    await expect
      .poll(() => second.getByTestId('buyer-messages').locator('.msg[data-sender="buyer"]:not(.system)').allInnerTexts())
      .toEqual(['A Lego set for my niece, please.', 'She is nine.', 'She likes horses.']);
    const moved = back.getByTestId('takeover-prompt');
    await moved.waitFor();
    expect(await moved.innerText()).toContain('This room is now open in another window');
    await screenshot(back, 'pilot-buyer-taken-over');
    await buyerSays(second, seller, 'Any set with a stable?');
    expect(await back.getByTestId('takeover-prompt').isVisible()).toBe(true); // it did not reconnect behind the prompt

    // Another browser (no seat key: a browser of its own, without the extension) is refused in words.
    const other = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    try {
      const stranger = await other.newPage();
      await stranger.goto(room.buyerUrl);
      await expect.poll(() => stranger.getByTestId('seat-refused').innerText()).toContain('This room already has a Buyer.');
      await screenshot(stranger, 'pilot-buyer-seat-refused');
    } finally {
      await other.close();
    }
    await Promise.all([seller.close(), back.close(), second.close()]);
  });

  it('asks for a Buyer code when the study issued them, and records the Buyer as that participant', async () => {
    const h = harness();
    const s = server();
    const { study, code } = await studyWithSeller('A.IIu', 1, 'Buyer codes');
    const issue = await fetch(`${s.url}/v1/studies/${study}/participants`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${s.adminToken}` },
      body: JSON.stringify({ role: 'buyer', count: 2 }),
    });
    const [first, second] = ((await issue.json()) as { codes: { code: string; participant: string }[] }).codes;
    /** A room of the study's Seller, its page open and every category offered. */
    const offeredRoom = async () => {
      const opened = await fetch(`${s.url}/v1/rooms`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ code }),
      });
      const room = (await opened.json()) as { sellerUrl: string; buyerUrl: string; conversation: string };
      const seller = await h.context.newPage();
      await seller.goto(room.sellerUrl);
      await seller.locator('#offer').click();
      return { room, seller };
    };
    const { room, seller } = await offeredRoom();

    const buyer = await h.context.newPage();
    await buyer.goto(room.buyerUrl);
    const ask = buyer.getByTestId('join-code-prompt');
    await ask.waitFor();
    await buyer.getByTestId('buyer-code').fill(code); // the Seller's code, by mistake
    await buyer.getByTestId('buyer-join').click();
    await expect.poll(() => ask.innerText()).toContain('That is a Seller code: Buyers join with a Buyer code.');
    await screenshot(buyer, 'pilot-buyer-code');
    await buyer.getByTestId('buyer-code').fill(first?.code.toLowerCase() ?? '');
    await buyer.getByTestId('buyer-join').click();
    await buyer.getByTestId('pick-headphones').click();
    await buyerSays(buyer, seller, 'Hello from a coded Buyer');
    await expect.poll(() => seller.locator('#phase').getAttribute('data-fw-buyer-participant')).toBe(first?.participant);

    // The same Buyer in another browser (no seat key): told the seat is taken, and let in by their own code.
    const otherBrowser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    try {
      const phone = await otherBrowser.newPage();
      await phone.goto(room.buyerUrl);
      const asked = phone.getByTestId('join-code-prompt');
      await asked.waitFor();
      await buyer.getByTestId('buyer-input').waitFor(); // the first window is still in the room
      await phone.getByTestId('buyer-code').fill(second?.code ?? ''); // someone else's code: refused
      await phone.getByTestId('buyer-join').click();
      await expect.poll(() => asked.innerText()).toContain('This room already has a Buyer. If that is you');
      await phone.getByTestId('buyer-code').fill(first?.code ?? '');
      await phone.getByTestId('buyer-join').click();
      await phone.getByTestId('takeover').click(); // the first window still holds the seat
      await buyerSays(phone, seller, 'Now on my phone');
      await buyer.getByTestId('takeover-prompt').waitFor();
    } finally {
      await otherBrowser.close();
    }

    // A link that carries the code joins without asking (another room of the study); the code leaves the address bar.
    const { room: room2, seller: seller2 } = await offeredRoom();
    const linked = await h.context.newPage();
    await linked.goto(`${room2.buyerUrl}?code=${second?.code}`);
    await linked.locator('[data-testid^="pick-"]').first().waitFor();
    expect(new URL(linked.url()).search).toBe('');
    expect(await linked.getByTestId('join-code-prompt').count()).toBe(0);

    const rows = await s.sql.query<{ participant: string }>(
      "SELECT DISTINCT participant FROM events WHERE conversation = $1 AND event->>'role' = 'buyer'",
      [room.conversation],
    );
    expect(rows.map((r) => r.participant)).toEqual([first?.participant]);
    await Promise.all([seller.close(), buyer.close(), seller2.close(), linked.close()]);
  });

  it('files the "Open a room" click on the pilot start page under no conversation, not the last room\'s', async () => {
    const h = harness();
    const s = server();
    const earlier = await roomFor('B.IIu');
    const { code } = await studyWithSeller('B.IIu');
    // A room's page first: it becomes the conversation a page without one (a product page) is filed under.
    const page = await h.context.newPage();
    await page.goto(earlier.sellerUrl);
    await page.locator('floorwalker-overlay').waitFor({ state: 'attached' });
    await page.locator('#offer').click();
    await page.goto(`${s.url}/pilot`);
    await page.locator('input[name="code"]').fill(code);
    await page.getByRole('button', { name: 'Open a room' }).click();
    await page.waitForURL(/\/pilot\/seller\//);
    const options = await openOptions(h);
    const clicks = async () =>
      (await storedEvents(options)).filter(
        (e) => e.agent === 'Page' && e.action === 'click' && e.url !== null && new URL(e.url).pathname.startsWith('/pilot'),
      );
    await expect.poll(async () => (await clicks()).some((e) => new URL(e.url ?? '').pathname === '/pilot')).toBe(true);
    const byPage = await clicks();
    // The offer on the room's page is that room's; the start page's click is no conversation's.
    expect(byPage.filter((e) => new URL(e.url ?? '').pathname.startsWith('/pilot/seller/')).map((e) => e.conversation)).toContain(
      earlier.conversation,
    );
    expect(byPage.filter((e) => new URL(e.url ?? '').pathname === '/pilot').map((e) => e.conversation)).toEqual(
      byPage.filter((e) => new URL(e.url ?? '').pathname === '/pilot').map(() => null),
    );
    await Promise.all([page.close(), options.close()]);
  });
});
