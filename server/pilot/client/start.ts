// The pilot landing page: a Seller opens a room with their participant code.
const form = document.getElementById('open-room') as HTMLFormElement;
const error = document.getElementById('start-error') as HTMLElement;
form.addEventListener('submit', async (e) => {
  e.preventDefault();
  error.textContent = '';
  const code = String(new FormData(form).get('code') ?? '')
    .trim()
    .toUpperCase();
  try {
    const res = await fetch('/v1/rooms', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    const body = (await res.json()) as { sellerUrl?: string; error?: string };
    if (!res.ok || !body.sellerUrl) throw new Error(body.error ?? `HTTP ${res.status}`);
    location.href = body.sellerUrl;
  } catch (err) {
    error.textContent = `Could not open a room: ${err instanceof Error ? err.message : String(err)}`;
  }
});
