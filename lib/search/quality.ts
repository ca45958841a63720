/** Ranking quality against graded judgements: reciprocal rank of the first relevant (grade ≥ 2) hit, nDCG@k. */
export function reciprocalRank(ranked: readonly string[], relevant: Record<string, number>, minGrade = 2): number {
  const i = ranked.findIndex((id) => (relevant[id] ?? 0) >= minGrade);
  return i < 0 ? 0 : 1 / (i + 1);
}

export function ndcgAt(ranked: readonly string[], relevant: Record<string, number>, k = 10): number {
  const gain = (g: number) => 2 ** g - 1;
  let dcg = 0;
  ranked.slice(0, k).forEach((id, i) => (dcg += gain(relevant[id] ?? 0) / Math.log2(i + 2)));
  const ideal = Object.values(relevant)
    .sort((a, b) => b - a)
    .slice(0, k);
  let idcg = 0;
  ideal.forEach((g, i) => (idcg += gain(g) / Math.log2(i + 2)));
  return idcg === 0 ? 0 : dcg / idcg;
}
