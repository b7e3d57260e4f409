// /resume.json: the résumé as the one JSON Resume document (src/records/resume.ts), the same that
// GET /api/v1/resume and the MCP tool get_resume answer (FO-RESUME). Served as application/json and
// revalidated like the other discovery files (vercel.json's rule for .json files).
import type { APIRoute } from 'astro';
import { languageCatalog } from '../../records/load.ts';
import { resumeDocument } from '../../records/resume.ts';
import { noFile } from '../../discovery/responses.ts';
import { JSON_TYPE } from '../../http/media-types.ts';
import { languagePaths } from '../../render/page-inputs.ts';
import type { GetStaticPaths } from 'astro';

export const getStaticPaths = languagePaths satisfies GetStaticPaths;

export const prerender = true;

export const GET: APIRoute = ({ params }) => {
  const { site, resume, projects } = languageCatalog(params.lang).content;
  // No résumé, no file: a response without a body is one Astro's build does not write.
  if (!resume) return noFile();
  return new Response(`${JSON.stringify(resumeDocument(site, resume, projects), null, 2)}\n`, { headers: { 'Content-Type': JSON_TYPE } });
};
