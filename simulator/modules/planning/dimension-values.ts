/**
 * DimensionNodeValueDTO: the values one node holds in one dimension
 * (vendor MaPS documents).
 */
import type { Dimension, NodeDimensionValues } from '../../fixtures/planning.ts';

export function dimensionNodeValueDto(nodeId: number, entry: NodeDimensionValues, dimension: Dimension | undefined) {
  return {
    dimensionId: entry.dimensionId,
    ...(dimension ? { dimensionType: dimension.type } : {}),
    nodeId,
    values: entry.values.map((value) => {
      const option = dimension?.options.find((candidate) => candidate.id === value.id);
      return {
        ...(value.id === undefined ? {} : { id: value.id }),
        value: value.value ?? option?.value ?? '',
        ...(value.weight === undefined ? {} : { weight: value.weight }),
        inherited: false,
      };
    }),
  };
}
