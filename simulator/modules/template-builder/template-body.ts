/**
 * Template and box bodies after the vendor's Template and
 * template_TemplateBox DTOs (a subset of their many fields). Both versions
 * answer templates the same way.
 */
import type { Template, TemplateBox } from '../../fixtures/template-builder.ts';

export function boxBody(template: Template, box: TemplateBox): Record<string, unknown> {
  return {
    id: box.id,
    name: box.name,
    label: box.label,
    ...(box.text === undefined ? {} : { text: box.text }),
    resizingAllowed: box.changeableState !== 'NON_CHANGEABLE',
    rotationAllowed: false,
    movementAllowed: box.changeableState === 'FULLY_CONFIGURABLE',
    templateBoxGraphical: box.type === 'IMAGE',
    type: box.type,
    changeableState: box.changeableState,
    pageNumber: box.pageNumber,
    templateId: template.id,
    ...(box.dynamicServiceId === undefined ? {} : { dynamicServiceId: box.dynamicServiceId }),
    width: box.width,
    height: box.height,
    boxX: box.boxX,
    boxY: box.boxY,
    boxAngle: 0,
  };
}

/**
 * A template as the vendor's Template DTO has it, every member it requires
 * included (the validity flags follow from the template's dates, read today).
 */
export function templateBody(template: Template): Record<string, unknown> {
  const today = new Date().toISOString().slice(0, 10);
  const started = template.validFrom <= today;
  const expired = template.validTo < today;
  return {
    id: template.id,
    title: template.title,
    status: template.status,
    templateUsageType: template.templateUsageType,
    favorite: false,
    html: template.html,
    online: template.online,
    validFrom: template.validFrom,
    validTo: template.validTo,
    creatorId: template.creatorId,
    creationDate: template.creationDate,
    modifierId: template.creatorId,
    modificationDate: template.modificationDate,
    unit: template.unit,
    pageCount: template.pageCount,
    access: ['USE', 'VIEW_DETAILS', 'COPY'],
    userCanApprove: false,
    currentProcessingStep: 0,
    readonly: template.status !== 'IN_WORK',
    canChangePageOrder: false,
    archived: false,
    smartTemplate: false,
    allowWorkflowComments: true,
    canPublishInMediadb: 0,
    canUseSmartLibrary: false,
    colorScheme: 0,
    mandatoryDocumentSteps: 0,
    pageDividerType: 0,
    pageDivisibility: 1,
    pageOffset: 0,
    realtimeEnabled: false,
    revised: false,
    showLocaleSelectionStep: false,
    started,
    expired,
    valid: started && !expired,
    unlimited: false,
    instanceMediaPoolPublishingAllowed: true,
    printingOfficeOption: 0,
  };
}
