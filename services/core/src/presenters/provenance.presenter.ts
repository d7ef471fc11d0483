import type { CitationDoc } from '../model/documents';
import type { Citation } from '../responses/trend-detail.schema';
import { isoSeconds } from './timestamp';

/** The stored fields an article's provenance is read from (PROVENANCE_PROPERTIES of the responses). */
type ProvenanceDoc = Pick<CitationDoc, 'url' | 'title' | 'publisher' | 'domain' | 'author' | 'published_date'>;

/**
 * Where an article comes from, as a citation and a retained document both show it: author and
 * publication time null when the source gave none (a stored article may lack the field).
 */
export function presentProvenance(doc: ProvenanceDoc): Pick<Citation, keyof ProvenanceDoc> {
  return {
    url: doc.url,
    title: doc.title,
    publisher: doc.publisher,
    domain: doc.domain,
    author: doc.author ?? null,
    published_date: isoSeconds(doc.published_date),
  };
}
