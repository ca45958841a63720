import { useEffect, useState } from 'preact/hooks';

/** The options page's sections, in tab order; the selected one is the URL's hash, so a reload or a link keeps it. */
export const SECTIONS = [
  { id: 'study', label: 'Study' },
  { id: 'sites', label: 'Sites' },
  { id: 'data', label: 'Data' },
  { id: 'research', label: 'Research' },
  { id: 'catalog', label: 'Catalog' },
] as const;
export type SectionId = (typeof SECTIONS)[number]['id'];
export const DEFAULT_SECTION: SectionId = 'study';

export function sectionOf(hash: string): SectionId {
  const id = hash.replace(/^#/, '');
  return SECTIONS.find((s) => s.id === id)?.id ?? DEFAULT_SECTION;
}

/** The section named by the hash, following back/forward and links; `show` changes the hash (a history entry). */
export function useHashSection(): [SectionId, (id: SectionId) => void] {
  const [section, setSection] = useState<SectionId>(() => sectionOf(location.hash));
  useEffect(() => {
    const onHash = () => setSection(sectionOf(location.hash));
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, []);
  const show = (id: SectionId) => {
    if (location.hash !== `#${id}`) location.hash = id;
    setSection(id);
  };
  return [section, show];
}
