import type { ArticleDoc } from '../model/documents';
import type { RetainedDocument } from '../responses/content.schema';
import { presentProvenance } from './provenance.presenter';
import { isoRequired } from './timestamp';

/** The stored article fields a retained document reads. */
export const DOCUMENT_FIELDS = [
  'url',
  'title',
  'publisher',
  'domain',
  'author',
  'published_date',
  'fetched_at',
  'fetch_method',
  'language',
  'word_count',
  'body',
] as const;

/** Builds the public document of a stored article whose body was retained. */
export function presentDocument(doc: Pick<ArticleDoc, (typeof DOCUMENT_FIELDS)[number]>): RetainedDocument {
  return {
    ...presentProvenance(doc),
    fetched_at: isoRequired(doc.fetched_at),
    fetch_method: doc.fetch_method,
    language: doc.language ?? null,
    word_count: doc.word_count,
    body: doc.body ?? '',
  };
}
