import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server } from 'node:http';
import { HostCollaboration } from './host-collaboration';

/** Nest's handle on the collaboration server: serves `/collab` once the HTTP server exists. */
export const HOST_COLLABORATION = Symbol('HOST_COLLABORATION');

@Injectable()
export class CollaborationGateway
  implements OnApplicationBootstrap, BeforeApplicationShutdown
{
  constructor(
    @Inject(HOST_COLLABORATION)
    readonly collaboration: HostCollaboration,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  onApplicationBootstrap(): void {
    this.collaboration.attach(
      this.adapterHost.httpAdapter.getHttpServer() as Server,
    );
  }

  /** Before the database closes: what editors typed is stored, then they are disconnected. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.collaboration.close();
  }
}
