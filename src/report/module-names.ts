/** The six modules as the reports name them: `Job module` in headings and the summary, `Job` in a card or a cell. */
import type { CatalogModule } from '../catalog/index.ts';

export const moduleTitles: Record<CatalogModule, string> = {
  job: 'Job module',
  planning: 'Planning module',
  media: 'Media module',
  review: 'Review module',
  templateBuilder: 'Template builder module',
  shop: 'Shop module',
};

export const moduleNames: Record<CatalogModule, string> = {
  job: 'Job',
  planning: 'Planning',
  media: 'Media',
  review: 'Review',
  templateBuilder: 'Template builder',
  shop: 'Shop',
};
