import { Module } from '@nestjs/common';
import { FilesController } from '../attachments/files.controller';
import { DocmostRoutesController } from './docmost-routes.controller';

/**
 * Docmost's own routes for comments, pages, shares and attachment files, on the reference host's Docmost-like
 * services (provided by the app module as `HOST_DOCMOST`, the instance the tools are bound to).
 */
@Module({ controllers: [DocmostRoutesController, FilesController] })
export class DocmostRoutesModule {}
