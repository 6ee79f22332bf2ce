import type { FastifyInstance } from 'fastify';
import { bindRoute, type BindOptions } from '../../http/route-binder';
import type { CustomerDeskService } from './customer.service';

export function registerCustomerRoutes(
  app: FastifyInstance,
  desk: CustomerDeskService,
  o: BindOptions,
): void {
  bindRoute(app, 'customerService', () => desk.customerService(), o);
  bindRoute(app, 'downloadInfo', () => desk.downloadInfo(), o);
}
