// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PILOT_ADAPTER } from '../../lib/adapters/chat';
import { watchChatCategory } from '../../lib/adapters/chat-category';

afterEach(() => document.body.replaceChildren());

describe("the chat's category, as the page says it", () => {
  it('follows the pilot page as it names, changes and drops the category, until stopped', async () => {
    const phase = document.createElement('div');
    document.body.append(phase);
    const stop = new AbortController();
    const category = watchChatCategory(document, Promise.resolve(PILOT_ADAPTER), stop.signal);
    await vi.waitFor(() => expect(category.get()).toBeNull());
    phase.dataset.fwCategory = 'lego';
    await vi.waitFor(() => expect(category.get()).toBe('lego'));
    phase.dataset.fwCategory = 'books';
    await vi.waitFor(() => expect(category.get()).toBe('books'));
    // The page replaces the element that says it.
    const next = document.createElement('div');
    next.dataset.fwCategory = 'vitamins';
    phase.replaceWith(next);
    await vi.waitFor(() => expect(category.get()).toBe('vitamins'));
    delete next.dataset.fwCategory;
    await vi.waitFor(() => expect(category.get()).toBeNull());
    stop.abort();
    next.dataset.fwCategory = 'lego';
    await new Promise((r) => setTimeout(r, 20));
    expect(category.get()).toBeNull();
  });
});
