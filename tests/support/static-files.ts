// The static files openapi.json documents (the root OAuth metadata), written to a temporary folder
// as the build writes them, so the unit tier checks them without a build (one builder for the files
// and the function: tests/integration/built-sample-site.test.ts compares the built ones).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { authorizationServerMetadata, metadataDocument, protectedResourceMetadata } from '../../src/server/access/oauth-metadata.ts';
import { siteData } from '../../src/server/data.ts';
import { tempDir } from './temp-dir.ts';

export async function staticFiles(): Promise<string> {
  const dir = tempDir('folio-static-');
  mkdirSync(join(dir, '.well-known'));
  const { site } = siteData();
  writeFileSync(join(dir, '.well-known/oauth-protected-resource'), await metadataDocument(protectedResourceMetadata(site)).text());
  writeFileSync(join(dir, '.well-known/oauth-authorization-server'), await metadataDocument(authorizationServerMetadata(site)).text());
  return dir;
}
