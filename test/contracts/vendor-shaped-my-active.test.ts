/**
 * The committed 7.4 my-active contract asks only what spec §2 guarantees a
 * 7.4 item (`jobInstanceId`, the `{items, total}` page): verified with the
 * Pact verifier over loopback against a stub that answers as the vendor's
 * 7.4 document shows the DseDashboardObjectDto (no assignment), it holds; an
 * answer shaped as 8.0's (assignees by uuid only) holds as well, so the
 * cross-version comparison has no break to report for it; a jobInstanceId
 * written as a string still breaks it.
 */
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Verifier } from '@pact-foundation/pact';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pactDirectory } from '../../src/contracts/sources.ts';
import { isRecord, records } from '../../src/http/json.ts';

const description = 'a request for the first page of my active jobs';
const myActivePath = '/dse/rest/v1.0/dashboards/my-active';

/** Items with the fields of the vendor's 7.4 DseDashboardObjectDto, values of our own. */
const vendor74Items = [
  { jobInstanceId: 20481, jobOrdinalNumber: 4101, name: 'Spring brochure', jobStepNumber: 2, dashboardObjectType: 'JOB', dueDate: '2026-03-01', state: 'ACTIVE' },
  { jobInstanceId: 20482, jobOrdinalNumber: 4102, name: 'Shelf talker', jobStepNumber: 1, dashboardObjectType: 'TASK', dueDate: '2026-03-04', state: 'ACTIVE' },
];
const shaped80Items = vendor74Items.map((item) => ({ ...item, assignment: { assignees: [{ uuid: '3f2b8c1e-5d4a-4e7b-9c6f-1a2b3c4d5e6f', fullName: 'Ada Brandt' }] } }));

let scratch: string;
let pactFile: string;
let answer: unknown;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'ug-vendor-my-active-'));
  const pact: unknown = JSON.parse(await readFile(join(pactDirectory, 'upgrade-guard-platform-job-7.4.json'), 'utf8'));
  if (!isRecord(pact)) throw new Error('the 7.4 job pact is not a JSON object');
  const interactions = records(pact['interactions']).filter((interaction) => interaction['description'] === description);
  expect(interactions, `the 7.4 job pact has "${description}"`).toHaveLength(1);
  pactFile = join(scratch, 'my-active-7.4.json');
  await writeFile(pactFile, JSON.stringify({ ...pact, interactions }));
  server = createServer((request, response) => {
    const found = new URL(request.url ?? '/', 'http://stub.invalid').pathname === myActivePath;
    response.writeHead(found ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(found ? answer : { message: 'not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(scratch, { recursive: true, force: true });
});

async function verifiedAgainst(body: unknown): Promise<boolean> {
  answer = body;
  try {
    const verification = new Verifier({ provider: 'platform-job-7.4', providerBaseUrl: baseUrl, pactUrls: [pactFile], stateHandlers: { 'the user has active jobs': async () => undefined }, logLevel: 'error' });
    await verification.verifyProvider();
    return true;
  } catch {
    return false;
  }
}

describe('the 7.4 my-active contract', () => {
  it('holds against a page shaped as the vendor\'s 7.4 document, whose items carry no assignment', async () => {
    expect(await verifiedAgainst({ total: 2, items: vendor74Items })).toBe(true);
  });

  it('holds against a page shaped as 8.0\'s (assignees by uuid only): no break for the comparison to report', async () => {
    expect(await verifiedAgainst({ total: 2, items: shaped80Items })).toBe(true);
  });

  it('still breaks where an item\'s jobInstanceId is not an integer', async () => {
    expect(await verifiedAgainst({ total: 2, items: vendor74Items.map((item) => ({ ...item, jobInstanceId: String(item.jobInstanceId) })) })).toBe(false);
  });
});
