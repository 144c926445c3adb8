import { INVALID_FORMAT_MESSAGE } from '@beacon/domain/validation/messages';
import { searchCities, searchRegions } from '../dictionary/places';

/**
 * Region and city ids must be ones GET /dictionary/regions and /dictionary/cities answer (the domain checks
 * their shape only): `ES-MD` and `ES-CT-Barcelona`. Answers an issue per unknown id, on its own path.
 */
export const unknownPlaceIssues = async (
  places: { regions?: readonly string[] | undefined; cities?: readonly string[] | undefined },
  prefix: readonly string[],
): Promise<{ path: (string | number)[]; message: string }[]> => {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const regions = places.regions ?? [];
  for (const [index, id] of regions.entries()) {
    const country = id.slice(0, 2);
    const known = await searchRegions([country], undefined, 10_000);
    if (!known.some((region) => region.id === id)) {
      issues.push({ path: [...prefix, 'regions', index], message: INVALID_FORMAT_MESSAGE });
    }
  }
  const cities = places.cities ?? [];
  for (const [index, id] of cities.entries()) {
    const [country = '', region = ''] = id.split('-', 2);
    const name = id.slice(country.length + region.length + 2);
    const known = await searchCities([country], [region], name, 1_000);
    if (!known.some((city) => city.id === id)) {
      issues.push({ path: [...prefix, 'cities', index], message: INVALID_FORMAT_MESSAGE });
    }
  }
  return issues;
};
