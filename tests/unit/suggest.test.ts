import { describe, expect, it } from 'vitest';
import { fillTemplate, suggestReplies } from '../../lib/coach/suggest';
import { profileSearch } from '../../lib/profile/search-filters';
import type { ProfileEntry, ProfileItem } from '../../lib/profile/profile-schema';
import { itemKey } from '../../lib/profile/profile-schema';

const entry = (item: ProfileItem, status: ProfileEntry['status'] = 'confirmed'): ProfileEntry => ({
  key: itemKey(item),
  item,
  status,
  source: 'message',
  messageId: null,
  at: 1,
});

describe('suggested replies', () => {
  it("offers the nearest of the Seller's past messages, then templates filled from the profile, skipping ones it cannot fill", () => {
    const past = [
      { id: 'e3', text: 'What budget do you have for the headphones?' },
      { id: 'e2', text: 'How much would you like to spend on a watch?' },
      { id: 'e1', text: 'Any price range in mind?' },
    ];
    const out = suggestReplies({
      act: 'ask_use',
      templates: ['How will {recipient} be using it?', 'What do you enjoy about {use}?', 'Tell me how it will be used.'],
      past,
      profile: [entry({ slot: 'recipient', who: 'nephew', age: 9 })],
      query: 'watch spending',
    });
    expect(out.map((s) => s.id)).toEqual(['past:e2', 'past:e3', 'past:e1', 'template:ask_use:0', 'template:ask_use:2']);
    expect(out[3]?.text).toBe('How will your nephew be using it?');
    // Nothing known and no history: the templates still give three, with general words in the blanks.
    const bare = suggestReplies({
      act: 'ask_use_more',
      templates: ['Tell me more about {use}.', 'What do you enjoy about {use}?', 'Is {use} hard with what you have?'],
      past: [],
      profile: [],
      query: '',
    });
    expect(bare.map((s) => s.text)).toEqual([
      'Tell me more about that.',
      'What do you enjoy about that?',
      'Is that hard with what you have?',
    ]);
    expect(fillTemplate('Within {budget}?', {})).toBeNull();
  });

  it('gives at most five, and templates alone for a Seller with no history', () => {
    const past = Array.from({ length: 10 }, (_, i) => ({ id: `e${i}`, text: `message number ${i}` }));
    expect(suggestReplies({ act: 'greet', templates: ['Hi!', 'Hello!', 'Welcome!'], past, profile: [], query: '' })).toHaveLength(5);
    expect(
      suggestReplies({ act: 'greet', templates: ['Hi!', 'Hello!', 'Welcome!'], past: [], profile: [], query: 'x' }).map((s) => s.source),
    ).toEqual(['template', 'template', 'template']);
  });
});

describe('profile search', () => {
  it('turns the budget into a price range, boosts liked brands, and leaves out disliked brands and unwanted features', () => {
    const { filters, words } = profileSearch(
      [
        entry({ slot: 'budget', min: 40, max: 80 }),
        entry({ slot: 'brand', brand: 'Sony', like: true }),
        entry({ slot: 'brand', brand: 'Beats', like: false }),
        entry({ slot: 'feature', feature: 'wireless=true', want: false }),
        entry({ slot: 'feature', feature: 'type=over-ear', want: true }),
      ],
      'headphones',
    );
    expect(filters).toEqual({
      category: 'headphones',
      priceMin: 40,
      priceMax: 80,
      boostBrands: ['Sony'],
      excludeBrands: ['Beats'],
      excludeAttributes: { wireless: true },
    });
    expect(words).toBe('over-ear');
  });
});
