import type { PublishedReview } from "~/models/reviews";
import { seedProducts } from "./catalog-data.server";

/**
 * Demo reviews (decision 36): a few demo customers' reviews of several products, with fixed dates so every seed
 * writes the same thing. The demo customers have no password (nobody signs in as them) and no orders: the
 * verified-purchase rule applies to reviews customers write, not to demo data.
 */

export interface SeedReviewer {
  key: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** A demo review: what a published review shows, keyed for the seed's upsert and naming its reviewer's key. */
export interface SeedReview extends Omit<PublishedReview, "id"> {
  key: string;
  reviewer: string;
}

export const seedReviewers: SeedReviewer[] = [
  { key: "maya", email: "demo.maya.ortiz@example.com", firstName: "Maya", lastName: "Ortiz" },
  { key: "james", email: "demo.james.whitfield@example.com", firstName: "James", lastName: "Whitfield" },
  { key: "priya", email: "demo.priya.raman@example.com", firstName: "Priya", lastName: "Raman" },
  { key: "tom", email: "demo.tom.becker@example.com", firstName: "Tom", lastName: "Becker" },
];

const productId = (vanityUrl: string) => {
  const product = seedProducts.find((candidate) => candidate.vanityUrl === vanityUrl);
  if (!product) throw new Error(`demo review names unknown product ${vanityUrl}`);
  return product.productId;
};

export const seedReviews: SeedReview[] = [
  {
    key: "maya-oasys-1-day-90",
    reviewer: "maya",
    productId: productId("acuvue-oasys-1-day-90-pack"),
    rating: 5,
    title: "Comfortable through long screen days",
    body: "I work at a computer all day and these are the first dailies that don't feel dry by mid-afternoon. The 90 pack lasts me a season.",
    displayName: "Maya O.",
    createdAt: "2026-01-12T16:20:00.000Z",
  },
  {
    key: "james-oasys-1-day-90",
    reviewer: "james",
    productId: productId("acuvue-oasys-1-day-90-pack"),
    rating: 4,
    title: "Great lens, pricey but worth it",
    body: "Crisp vision and easy to put in. I knocked off a star only for the price, though the rebate helped a lot.",
    displayName: "James W.",
    createdAt: "2026-02-03T09:45:00.000Z",
  },
  {
    key: "priya-oasys-1-day-90",
    reviewer: "priya",
    productId: productId("acuvue-oasys-1-day-90-pack"),
    rating: 4,
    title: "My go-to daily",
    body: "Switched from a monthly lens and haven't looked back. No more cleaning solution, and my eyes feel fresher at night.",
    displayName: "Priya R.",
    createdAt: "2026-02-21T18:05:00.000Z",
  },
  {
    key: "tom-dailies-total1-30",
    reviewer: "tom",
    productId: productId("dailies-total1-30-pack"),
    rating: 5,
    title: "Feels like nothing is there",
    body: "Honestly forget I'm wearing them. Pricier than my old lenses but the comfort on a twelve-hour shift is worth it.",
    displayName: "Tom B.",
    createdAt: "2026-01-28T14:10:00.000Z",
  },
  {
    key: "maya-dailies-total1-30",
    reviewer: "maya",
    productId: productId("dailies-total1-30-pack"),
    rating: 3,
    title: "Comfortable, but tear easily",
    body: "Very comfortable once they're in, but I've torn a few taking them out of the blister. Handle them gently.",
    displayName: "Maya O.",
    createdAt: "2026-03-02T11:30:00.000Z",
  },
  {
    key: "james-air-optix-hydraglyde",
    reviewer: "james",
    productId: productId("air-optix-plus-hydraglyde-6-pack"),
    rating: 4,
    title: "Solid monthly lens",
    body: "Stays moist for the whole month if you clean them properly. Good value compared with dailies.",
    displayName: "James W.",
    createdAt: "2026-02-14T20:00:00.000Z",
  },
  {
    key: "priya-clear-care",
    reviewer: "priya",
    productId: productId("clear-care-plus-3-pack"),
    rating: 5,
    title: "Cleanest my lenses have felt",
    body: "The peroxide system takes six hours, so I run it overnight. Never had irritation since switching. Don't skip the case!",
    displayName: "Priya R.",
    createdAt: "2026-01-19T07:55:00.000Z",
  },
];
