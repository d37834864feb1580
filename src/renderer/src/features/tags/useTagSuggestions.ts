// Autocomplete of tag names (GET /_api/tags.search), a moment after typing stops.
import { useEffect, useState } from 'react';
import { searchTags } from './api';

export function useTagSuggestions(typed: string): string[] {
  const q = typed.trim();
  const [result, setResult] = useState<{ q: string; tags: string[] } | null>(null);
  useEffect(() => {
    if (q === '') return;
    let cancelled = false;
    const timer = setTimeout(() => {
      searchTags(q).then(
        (tags) => !cancelled && setResult({ q, tags }),
        () => !cancelled && setResult({ q, tags: [] }),
      );
    }, 150);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [q]);
  return result?.q === q ? result.tags : [];
}
