import { json, methodNotAllowed, route } from "@/lib/api/route";
import { interestLabelParams } from "@/lib/recommendations/schema";
import { removeInterest } from "@/lib/recommendations/service";

// DELETE /api/v1/users/me/interests/{label} – forget one interest label: the reader's interests as they are now
export const DELETE = route({ auth: "required", params: interestLabelParams }, async ({ user, params }) => json(await removeInterest(user.id, params.label)));

export const { GET, POST, PUT, PATCH, OPTIONS } = methodNotAllowed({ DELETE });
