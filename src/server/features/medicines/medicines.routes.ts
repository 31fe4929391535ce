// /api/v1/medicines and /api/v1/medicine-lots, the medicine cabinet: the HTTP layer only (validated
// input in, JSON out); the rules live in medicines.service.ts.
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as z from 'zod/mini';
import { pageSize, type Page } from '../../../shared/schemas/care';
import {
  lotCreateSchema,
  lotSchema,
  lotUpdateSchema,
  medicineCreateSchema,
  medicineQuerySchema,
  medicineSchema,
  medicineUpdateSchema,
  movementCreateSchema,
  movementSchema,
  type Medicine,
  type Movement,
} from '../../../shared/schemas/medicines';
import type { AppEnv } from '../../http/context';
import { jsonText } from '../../http/json-text';
import { errorResponses, idParams, invalidResponse, jsonContent } from '../../http/openapi';
import { validate } from '../../http/validation';
import { apiErrorSchema } from '../../../shared/schemas/common';
import { invalidQuery, offsetOf, offsetParam, pageOf } from '../wire';
import type { MedicinesService } from './medicines.service';

const pagedQuery = z.object({ offset: offsetParam });
const conflict = (description: string) => ({ 409: jsonContent(apiErrorSchema, description) });

export function medicinesRoutes(medicines: MedicinesService) {
  return new Hono<AppEnv>()
    .get(
      '/medicines',
      describeRoute({
        tags: ['Medicines'],
        summary:
          'The medicine cabinet (?archived=true: the archived medicines), by name: each with its stock in hand (`inStock`, expired lots apart in `expiredStock`), `lowStock`, and its lots that hold stock, the earliest expiry first',
        responses: {
          200: jsonContent(z.array(medicineSchema), 'The medicines'),
          ...errorResponses,
          ...invalidQuery,
        },
      }),
      validate('query', medicineQuerySchema),
      async (c) =>
        jsonText<Medicine[]>(
          c,
          await medicines.list(c.get('farmId'), c.req.valid('query').archived === 'true'),
        ),
    )
    .post(
      '/medicines',
      describeRoute({
        tags: ['Medicines'],
        summary:
          '‘Add Medicine’: its name (one per cabinet, whatever the case), unit, route, dose (fixed, or by weight in the farm’s weight unit unless another is named), withdrawal days, schedule, notes and low-stock level',
        responses: {
          201: jsonContent(medicineSchema, 'The medicine'),
          200: jsonContent(medicineSchema, 'The medicine already made with this id'),
          ...errorResponses,
          ...invalidResponse,
        },
      }),
      validate('json', medicineCreateSchema),
      async (c) => {
        const { written, medicine } = await medicines.create(c.get('farmId'), c.req.valid('json'));
        return c.json(medicine, written ? 201 : 200);
      },
    )
    .get(
      '/medicines/:id',
      describeRoute({
        tags: ['Medicines'],
        summary: 'One medicine, archived or not, with every lot (empty ones too), the earliest expiry first',
        responses: { 200: jsonContent(medicineSchema, 'The medicine'), ...errorResponses },
      }),
      idParams('id'),
      async (c) => c.json(await medicines.find(c.get('farmId'), c.req.param('id')), 200),
    )
    .patch(
      '/medicines/:id',
      describeRoute({
        tags: ['Medicines'],
        summary: 'Change a medicine’s fields sent (its unit only while it has no stock recorded)',
        responses: {
          200: jsonContent(medicineSchema, 'The medicine'),
          ...errorResponses,
          ...invalidResponse,
        },
      }),
      idParams('id'),
      validate('json', medicineUpdateSchema),
      async (c) =>
        c.json(await medicines.update(c.get('farmId'), c.req.param('id'), c.req.valid('json')), 200),
    )
    .delete(
      '/medicines/:id',
      describeRoute({
        tags: ['Medicines'],
        summary: 'Delete a medicine that never had stock; one with lots is archived instead (409)',
        responses: {
          204: { description: 'Deleted' },
          ...errorResponses,
          ...conflict('It has stock records: archive it'),
        },
      }),
      idParams('id'),
      async (c) => {
        await medicines.remove(c.get('farmId'), c.req.param('id'));
        return c.body(null, 204);
      },
    )
    .post(
      '/medicines/:id/archive',
      describeRoute({
        tags: ['Medicines'],
        summary: 'Take a medicine out of the cabinet; its lots and movements stay',
        responses: { 200: jsonContent(medicineSchema, 'The medicine'), ...errorResponses },
      }),
      idParams('id'),
      async (c) => c.json(await medicines.setArchived(c.get('farmId'), c.req.param('id'), true), 200),
    )
    .post(
      '/medicines/:id/unarchive',
      describeRoute({
        tags: ['Medicines'],
        summary: 'Bring an archived medicine back into the cabinet (409 while another there has its name)',
        responses: {
          200: jsonContent(medicineSchema, 'The medicine'),
          ...errorResponses,
          ...conflict('Another medicine of the cabinet has its name'),
        },
      }),
      idParams('id'),
      async (c) => c.json(await medicines.setArchived(c.get('farmId'), c.req.param('id'), false), 200),
    )
    .post(
      '/medicines/:id/lots',
      describeRoute({
        tags: ['Medicines'],
        summary:
          '‘Add Stock’: a lot (lot number, expiry, supplier, price) and its ‘received’ movement of `quantity`, in one transaction (409 for an archived medicine)',
        responses: {
          201: jsonContent(lotSchema, 'The lot'),
          200: jsonContent(lotSchema, 'The lot already made with this id'),
          ...errorResponses,
          ...invalidResponse,
          ...conflict('The medicine is archived'),
        },
      }),
      idParams('id'),
      validate('json', lotCreateSchema),
      async (c) => {
        const { written, lot } = await medicines.addLot(
          c.get('farmId'),
          c.req.param('id'),
          c.req.valid('json'),
          c.get('userId'),
        );
        return c.json(lot, written ? 201 : 200);
      },
    )
    .patch(
      '/medicine-lots/:id',
      describeRoute({
        tags: ['Medicines'],
        summary: 'Change a lot’s number, expiry, supplier or price (its stock moves only by movements)',
        responses: { 200: jsonContent(lotSchema, 'The lot'), ...errorResponses, ...invalidResponse },
      }),
      idParams('id'),
      validate('json', lotUpdateSchema),
      async (c) =>
        c.json(await medicines.updateLot(c.get('farmId'), c.req.param('id'), c.req.valid('json')), 200),
    )
    .post(
      '/medicine-lots/:id/movements',
      describeRoute({
        tags: ['Medicines'],
        summary:
          'Dispose of some of a lot (`quantity` taken off) or correct its count (`quantity` signed); never below zero (422 naming `quantity`)',
        responses: {
          201: jsonContent(movementSchema, 'The movement'),
          200: jsonContent(movementSchema, 'The movement already made with this id'),
          ...errorResponses,
          ...invalidResponse,
        },
      }),
      idParams('id'),
      validate('json', movementCreateSchema),
      async (c) => {
        const { written, movement } = await medicines.addMovement(
          c.get('farmId'),
          c.req.param('id'),
          c.req.valid('json'),
          c.get('userId'),
        );
        return c.json(movement, written ? 201 : 200);
      },
    )
    .get(
      '/medicine-lots/:id/movements',
      describeRoute({
        tags: ['Medicines'],
        summary: 'A lot’s stock movements, newest first (50 a page; ?offset=)',
        responses: {
          200: jsonContent(pageOf(movementSchema), 'A page of movements'),
          ...errorResponses,
          ...invalidQuery,
        },
      }),
      idParams('id'),
      validate('query', pagedQuery),
      async (c) =>
        jsonText<Page<Movement>>(
          c,
          await medicines.movements(
            c.get('farmId'),
            c.req.param('id'),
            offsetOf(c.req.valid('query')),
            pageSize,
          ),
        ),
    );
}
