import { BOOTSTRAP_RESAMPLES, CONFIDENCE } from '../analysis/bootstrap';
import type { HoverRateFigure, HoverRatePoint } from '../analysis/hover-rate';
import type { StudyReport } from '../analysis/study-report';
import { barChartSvg, type BarGroup } from './svg/bar-chart';
import { lineChartSvg } from './svg/line-chart';
import { histogramSvg, type HistogramBin } from './svg/histogram';
import { tableOf, type Column, type ReportTable } from './table';
import { PRIMINGS } from '../study/condition';
import { MAX_TURN_BINS } from '../analysis/turns-histogram';

/**
 * The report as sections, each one measure: what it is, where the papers define it, its table (a CSV file) and,
 * for some, a figure (an SVG file). The CLI writes them as files and one HTML page; the options page shows them.
 */
export interface ReportSection {
  id: string;
  title: string;
  definition: string;
  source: string;
  table: ReportTable;
  csvFile: string;
  figure?: { file: string; svg: string };
}

const percent = Math.round(CONFIDENCE * 100);
const sortedUnique = (xs: readonly string[]): string[] => [...new Set(xs)].sort();

const HOVER_COLUMNS: Column<HoverRatePoint & { priming: string }>[] = [
  { header: 'priming', value: (r) => r.priming },
  { header: 'turn', value: (r) => r.turn },
  { header: 'conversations', value: (r) => r.conversations },
  { header: 'with_hover', value: (r) => r.withHover },
  { header: 'mean', value: (r) => r.mean },
  { header: 'median', value: (r) => r.median },
  { header: `low_${percent}`, value: (r) => r.low },
  { header: `high_${percent}`, value: (r) => r.high },
];

function hoverSection(figure: HoverRateFigure, seed: number): ReportSection {
  const seller = figure.side === 'seller';
  const who = seller ? 'Seller' : 'Buyer';
  const id = seller ? 'figure-3-seller-hover' : 'buyer-hover';
  const title = seller
    ? 'Figure 3: Seller product-image mouse-overs per turn, by priming'
    : 'Buyer product-image mouse-overs per turn, by priming';
  const rows = figure.series.flatMap((s) => s.points.map((p) => ({ ...p, priming: s.priming })));
  const svg = lineChartSvg(
    id,
    {
      title,
      note: `Median over conversations, ${percent} % bootstrap bounds (${BOOTSTRAP_RESAMPLES} resamples, seed ${seed})`,
      xLabel: 'turn',
      yLabel: `${who} mouse-overs in the turn`,
    },
    figure.series.map((s) => ({
      name: s.priming,
      label: `${s.priming} (${s.points[0]?.conversations ?? 0} conv.)`,
      points: s.points.map((p) => ({ x: p.turn, y: p.median, low: p.low, high: p.high, n: p.conversations })),
    })),
    PRIMINGS,
  );
  return {
    id,
    title,
    definition: seller
      ? `For each conversation and turn, the Seller's mouse-over rate is how many product-image mouse-overs the Seller made in that turn (hovers logged in the Seller's browser on a search result's picture or a product page's product picture; a picture that names no product does not count). Per priming condition (A-D, pooling sharing, coaching and voice) and turn, the median of that rate over the conversations that reached the turn, with ${percent} % percentile-bootstrap bounds of the median (conversations resampled ${BOOTSTRAP_RESAMPLES} times, seeded). A turn is a Buyer message answered by the Seller, with what the Seller did while answering; the stretch after the last answer is a turn only if the Buyer wrote in it. The table adds how many conversations reached the turn, how many had a mouse-over in it, and the mean.`
      : `The same measure as Figure 3 for the Buyer: mouse-overs of the product cards the Seller shared, logged on the Buyer's page, per turn and priming condition; median with ${percent} % bootstrap bounds.`,
    source: seller
      ? 'Paper 000, Figure 3 ("Median and 95% confidence bounds for the product image mouse-over rate per conversation turn, for each of the four priming conditions") and section 5.1.'
      : 'Paper 000, section 5.6 ("Buyers view fewer images when presented with other product details"); not a figure of the paper.',
    table: tableOf(rows, HOVER_COLUMNS),
    csvFile: `${id}.csv`,
    figure: { file: `${id}.svg`, svg },
  };
}

function turnsSection(report: StudyReport): ReportSection {
  const conditions = sortedUnique(report.turnsByCategory.map((r) => r.condition));
  const groups: BarGroup[] = sortedUnique(report.turnsByCategory.map((r) => r.category)).map((category) => ({
    label: category,
    bars: report.turnsByCategory
      .filter((r) => r.category === category)
      .map((r) => ({ series: r.condition, value: r.meanTurns, n: r.conversations })),
  }));
  return {
    id: 'turns-by-category',
    title: 'Mean turns per category (Table 1)',
    definition:
      "Per condition and catalog category (the Buyer's pick, logged as System.instruct; else the category the coach read from the chat page), the number of conversations and their mean length in turns, one turn being a Buyer message answered by the Seller.",
    source: 'Paper 000, Table 1 (Topic, Count, Mean Turns; condition B.IIc: 6.3-6.9 turns per category).',
    table: tableOf(report.turnsByCategory, [
      { header: 'condition', value: (r) => r.condition },
      { header: 'category', value: (r) => r.category },
      { header: 'conversations', value: (r) => r.conversations },
      { header: 'mean_turns', value: (r) => r.meanTurns },
    ]),
    csvFile: 'turns-by-category.csv',
    figure: {
      file: 'turns-by-category.svg',
      svg: barChartSvg(
        'turns-by-category',
        { title: 'Mean turns per category', xLabel: 'category', yLabel: 'mean turns' },
        groups,
        conditions,
      ),
    },
  };
}

function turnsHistogramSection(report: StudyReport): ReportSection {
  const { bins, conditions, rows } = report.turnsHistogram;
  const histogramBins: HistogramBin[] = bins.map((b) => ({
    label: b.label,
    counts: rows.filter((r) => r.from === b.from).map((r) => ({ series: r.condition, count: r.conversations })),
  }));
  return {
    id: 'turns-per-conversation',
    title: 'Turns per conversation',
    definition: `Per condition, how many conversations had each length in turns (one turn is a Buyer message answered by the Seller): a histogram over equal bins from the shortest to the longest conversation, empty bins included; a bin is one length up to ${MAX_TURN_BINS} lengths, wider (2, 5, 10… turns) beyond.`,
    source: 'Paper 000, Table 1 (Mean Turns): the distribution behind the means; not a figure of the paper.',
    table: tableOf(rows, [
      { header: 'condition', value: (r) => r.condition },
      { header: 'turns', value: (r) => r.label },
      { header: 'from', value: (r) => r.from },
      { header: 'to', value: (r) => r.to },
      { header: 'conversations', value: (r) => r.conversations },
    ]),
    csvFile: 'turns-per-conversation.csv',
    figure: {
      file: 'turns-per-conversation.svg',
      svg: histogramSvg(
        'turns-per-conversation',
        { title: 'Turns per conversation', xLabel: 'turns in the conversation', yLabel: 'conversations' },
        histogramBins,
        conditions,
      ),
    },
  };
}

function wordsSection(report: StudyReport): ReportSection {
  const rows = report.wordsPerMessage;
  const conditions = sortedUnique(rows.map((r) => r.condition));
  const group = (r: (typeof rows)[number]) => `${r.role}, ${r.voice ? 'voice' : 'typed'}`;
  const groups: BarGroup[] = sortedUnique(rows.map(group)).map((label) => ({
    label,
    bars: rows.filter((r) => group(r) === label).map((r) => ({ series: r.condition, value: r.meanWords, n: r.messages })),
  }));
  return {
    id: 'words-per-message',
    title: 'Words per message by role, condition and voice',
    definition:
      "Per role, condition (without voice) and voice (the condition's +v: the Buyer speaks; the Seller's messages in those conversations count under voice too), the messages sent, their words (runs of non-space characters of the text as sent; for voice, the edited transcript) and the mean words per message.",
    source: 'Paper 000, section 5.5 (Buyers 10.0 words typed vs 9.0 with voice; Sellers 10.3 vs 8.7).',
    table: tableOf(rows, [
      { header: 'role', value: (r) => r.role },
      { header: 'condition', value: (r) => r.condition },
      { header: 'voice', value: (r) => (r.voice ? 'voice' : 'typed') },
      { header: 'messages', value: (r) => r.messages },
      { header: 'words', value: (r) => r.words },
      { header: 'mean_words', value: (r) => r.meanWords },
    ]),
    csvFile: 'words-per-message.csv',
    figure: {
      file: 'words-per-message.svg',
      svg: barChartSvg(
        'words-per-message',
        { title: 'Words per message', xLabel: 'role and input', yLabel: 'mean words' },
        groups,
        conditions,
      ),
    },
  };
}

/** The report's sections, in the order the HTML page shows them. */
export function reportSections(report: StudyReport): ReportSection[] {
  return [
    hoverSection(report.sellerHover, report.seed),
    hoverSection(report.buyerHover, report.seed),
    {
      id: 'act-frequency',
      title: 'Act frequencies by condition',
      definition:
        'Per condition, how many Seller messages carried each coaching act (a message with several acts counts for each), and that count over all Seller messages of the condition. Acts are listed in the checklist order.',
      source: 'Paper 000, section 3.3 ("Seller coaching") and Table 3 (the acts).',
      table: tableOf(report.actFrequency, [
        { header: 'condition', value: (r) => r.condition },
        { header: 'act', value: (r) => r.act },
        { header: 'messages', value: (r) => r.messages },
        { header: 'seller_messages', value: (r) => r.sellerMessages },
        { header: 'share', value: (r) => r.share },
      ]),
      csvFile: 'act-frequency.csv',
    },
    turnsSection(report),
    turnsHistogramSection(report),
    wordsSection(report),
    {
      id: 'share-modes',
      title: 'Shares by mode',
      definition:
        'Per condition and sharing mode (I a link in the message, II "Share Now" of one product, III a list), the shares made, the products in them, the conversations with at least one share in the mode, and shares per conversation of the condition.',
      source: 'Paper 000, section 3.3 ("Seller sharing settings") and 5.3.',
      table: tableOf(report.shareModes, [
        { header: 'condition', value: (r) => r.condition },
        { header: 'mode', value: (r) => r.mode },
        { header: 'shares', value: (r) => r.shares },
        { header: 'products', value: (r) => r.products },
        { header: 'conversations_with', value: (r) => r.conversationsWith },
        { header: 'conversations', value: (r) => r.conversations },
        { header: 'shares_per_conversation', value: (r) => r.sharesPerConversation },
      ]),
      csvFile: 'share-modes.csv',
    },
    {
      id: 'guess-outcomes',
      title: 'Guess outcomes',
      definition:
        'Per condition, each conversation by its last Guess: the Buyer accepted it, rejected it, had not answered, or there was no Guess; all Guesses made; success rate (accepted over conversations) and acceptance rate (accepted over answered last Guesses).',
      source: 'Paper 000, section 3.1 ("Ending the conversation").',
      table: tableOf(report.guessOutcomes, [
        { header: 'condition', value: (r) => r.condition },
        { header: 'conversations', value: (r) => r.conversations },
        { header: 'guesses', value: (r) => r.guesses },
        { header: 'accepted', value: (r) => r.accepted },
        { header: 'rejected', value: (r) => r.rejected },
        { header: 'unanswered', value: (r) => r.unanswered },
        { header: 'no_guess', value: (r) => r.noGuess },
        { header: 'success_rate', value: (r) => r.successRate },
        { header: 'acceptance_rate', value: (r) => r.acceptanceRate },
      ]),
      csvFile: 'guess-outcomes.csv',
    },
    {
      id: 'suggestion-use',
      title: 'Suggested replies used',
      definition:
        'Per condition, Seller messages sent as a suggested reply unchanged (as is), edited from one, and their shares of all Seller messages; f per conversation is its as-is messages over its Seller messages, with the mean f over conversations with a Seller message and how many have f = 0.',
      source:
        'Paper 000, Appendix D and Figure 6 (the fraction f of Seller responses the retrieval agent generated); paper 003 (STAR) for suggestions a wizard picks or overrides.',
      table: tableOf(report.suggestionUse, [
        { header: 'condition', value: (r) => r.condition },
        { header: 'seller_messages', value: (r) => r.sellerMessages },
        { header: 'as_is', value: (r) => r.asIs },
        { header: 'edited', value: (r) => r.edited },
        { header: 'as_is_share', value: (r) => r.asIsShare },
        { header: 'used_share', value: (r) => r.usedShare },
        { header: 'conversations', value: (r) => r.conversations },
        { header: 'mean_f', value: (r) => r.meanF },
        { header: 'f_zero', value: (r) => r.fZero },
      ]),
      csvFile: 'suggestion-use.csv',
    },
    {
      id: 'preference-confirmation',
      title: 'Preference memory: confirmation rates',
      definition:
        'Per profile slot, the items the coach suggested from Buyer messages (one per conversation and item key) and what the Seller last did with each: confirmed, edited, removed, or nothing yet (pending); confirmation rate = confirmed / suggested, kept rate = (confirmed + edited) / suggested. Items the Seller added, reused from earlier conversations or dismissed are counted beside; "all" sums the slots.',
      source: 'Paper 001 (LAPS): preferences extracted after each session, confirmed by the person, reused later.',
      table: tableOf(report.preferenceConfirmation, [
        { header: 'slot', value: (r) => r.slot },
        { header: 'suggested', value: (r) => r.suggested },
        { header: 'confirmed', value: (r) => r.confirmed },
        { header: 'edited', value: (r) => r.edited },
        { header: 'removed', value: (r) => r.removed },
        { header: 'pending', value: (r) => r.pending },
        { header: 'added', value: (r) => r.added },
        { header: 'reused', value: (r) => r.reused },
        { header: 'dismissed', value: (r) => r.dismissed },
        { header: 'confirmation_rate', value: (r) => r.confirmationRate },
        { header: 'kept_rate', value: (r) => r.keptRate },
      ]),
      csvFile: 'preference-confirmation.csv',
    },
  ];
}
