import type { OptionPlan, SupplierPlan } from './plan.ts';

export const productPath = (o: OptionPlan) => `/produits/${o.reference}`;
export const stockPath = (o: OptionPlan) => `/disponibilites/${o.reference}`;
export const annexPath = (o: OptionPlan) => `/annexes-livraison/${o.annexNumero}`;
export const supplierPath = (s: SupplierPlan) => `/fournisseurs/${s.identifiant}`;
