CREATE TABLE "places_usage" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "places_usage_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_system" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "places_usage" ADD CONSTRAINT "places_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_one_system_key" ON "users" USING btree ("is_system") WHERE "users"."is_system";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_system_has_no_google" CHECK (NOT "users"."is_system" OR "users"."google_sub" IS NULL);--> statement-breakpoint
-- The seeded catalogue belongs to a system account no one can sign in as.
-- A database seeded before this migration has the seeded buildings owned by `demo`, whom anyone
-- may sign in as. Here they move to the system account: only the ones that came from the seed,
-- recognised by name AND exact coordinates of the seed list (server/db/seed-data/buildings.ts as
-- of this migration) among the buildings of the Google-less `demo` user. A building the demo user
-- added, moved or renamed stays theirs. The system account is created only when there is something
-- to move; on a new database the seed creates it (server/db/seed.ts).
CREATE TEMPORARY TABLE "seed_catalogue_0004" ("name" text NOT NULL, "lng" double precision NOT NULL, "lat" double precision NOT NULL);--> statement-breakpoint
INSERT INTO "seed_catalogue_0004" ("name", "lng", "lat") VALUES
  ('Parthenon', 23.7267, 37.9715),
  ('Colosseum', 12.4922, 41.8902),
  ('Pantheon', 12.4768, 41.8986),
  ('Hagia Sophia', 28.9802, 41.0086),
  ('Sultan Ahmed Mosque', 28.9768, 41.0054),
  ('Notre-Dame de Paris', 2.3499, 48.8531),
  ('Chartres Cathedral', 1.4875, 48.4476),
  ('Durham Cathedral', -1.5762, 54.7737),
  ('Florence Cathedral', 11.2566, 43.7731),
  ('St. Peter''s Basilica', 12.4534, 41.9022),
  ('Palace of Versailles', 2.1204, 48.8049),
  ('Sanssouci Palace', 13.0386, 52.4043),
  ('Palace of Westminster', -0.1246, 51.4995),
  ('Crystal Palace', -0.0737, 51.4219),
  ('Palais Garnier', 2.3316, 48.8719),
  ('Casa Batlló', 2.1649, 41.3916),
  ('Bauhaus Building Dessau', 12.2269, 51.8393),
  ('Villa Savoye', 2.0283, 48.9244),
  ('Einstein Tower', 13.0636, 52.3789),
  ('Unité d''Habitation Marseille', 5.3961, 43.2614),
  ('Centre Pompidou', 2.3522, 48.8607),
  ('Guggenheim Museum Bilbao', -2.9339, 43.2687),
  ('Dancing House', 14.4141, 50.0755),
  ('30 St Mary Axe', -0.0803, 51.5145),
  ('Hallgrímskirkja', -21.9266, 64.1417),
  ('Palast der Republik', 13.4028, 52.5177),
  ('Cologne Cathedral', 6.9583, 50.9413),
  ('Mosque-Cathedral of Córdoba', -4.7794, 37.8789),
  ('British Museum', -0.1269, 51.5194),
  ('Vienna Secession Building', 16.3658, 48.2006),
  ('Taj Mahal', 78.0421, 27.1751),
  ('Forbidden City', 116.3972, 39.9163),
  ('Angkor Wat', 103.8669, 13.4125),
  ('Himeji Castle', 134.6939, 34.8394),
  ('Byōdō-in Phoenix Hall', 135.8077, 34.8892),
  ('Imperial Hotel Tokyo (Wright Building)', 139.7586, 35.6723),
  ('Nakagin Capsule Tower', 139.7634, 35.6656),
  ('Petronas Towers', 101.7117, 3.1579),
  ('Burj Khalifa', 55.2744, 25.1972),
  ('Sheikh Zayed Grand Mosque', 54.4749, 24.4128),
  ('Shah Mosque, Isfahan', 51.6776, 32.6546),
  ('Potala Palace', 91.1169, 29.6578),
  ('Borobudur', 110.2038, -7.6079),
  ('Brihadeeswarar Temple', 79.1318, 10.7828),
  ('Lotus Temple', 77.2588, 28.5535),
  ('Marina Bay Sands', 103.8607, 1.2834),
  ('Taipei 101', 121.5645, 25.0337),
  ('National Parliament House, Dhaka', 90.3786, 23.7622),
  ('CCTV Headquarters', 116.4581, 39.9135),
  ('Heydar Aliyev Center', 49.8669, 40.3953),
  ('Empire State Building', -73.9857, 40.7484),
  ('Chrysler Building', -73.9755, 40.7516),
  ('Flatiron Building', -73.9897, 40.7411),
  ('Pennsylvania Station (1910)', -73.9931, 40.7503),
  ('World Trade Center Twin Towers', -74.0133, 40.7118),
  ('Larkin Administration Building', -78.8521, 42.8768),
  ('Robie House', -87.5959, 41.7897),
  ('Fallingwater', -79.4681, 39.9062),
  ('Solomon R. Guggenheim Museum', -73.9589, 40.7829),
  ('Seagram Building', -73.9722, 40.7584),
  ('Walt Disney Concert Hall', -118.2498, 34.0553),
  ('Salk Institute', -117.2465, 32.8873),
  ('Habitat 67', -73.5436, 45.4997),
  ('Palacio de Bellas Artes', -99.1412, 19.4352),
  ('Mexico City Metropolitan Cathedral', -99.1331, 19.4344),
  ('El Capitolio', -82.3597, 23.1353),
  ('Pyramid of the Sun', -98.8438, 19.6925),
  ('Temple of the Sun, Machu Picchu', -72.5453, -13.1632),
  ('Cathedral of Brasília', -47.8754, -15.7983),
  ('National Congress of Brazil', -47.8641, -15.7997),
  ('Teatro Colón', -58.3831, -34.6011),
  ('Las Lajas Sanctuary', -77.5861, 0.8054),
  ('São Paulo Museum of Art', -46.6558, -23.5614),
  ('Palacio de La Moneda', -70.6539, -33.4431),
  ('Palacio Salvo', -56.1995, -34.9063),
  ('Great Pyramid of Giza', 31.1342, 29.9792),
  ('Great Temple of Abu Simbel', 31.6256, 22.3369),
  ('Great Mosque of Djenné', -4.5553, 13.9053),
  ('Djinguereber Mosque', -3.0106, 16.7706),
  ('Hassan II Mosque', -7.6325, 33.6083),
  ('Great Mosque of Kairouan', 10.1039, 35.6815),
  ('Church of Saint George, Lalibela', 39.0408, 12.0318),
  ('Mosque of Muhammad Ali', 31.2599, 30.0287),
  ('Union Buildings', 28.2119, -25.7403),
  ('Basilica of Our Lady of Peace', -5.2969, 6.8107),
  ('Kenyatta International Convention Centre', 36.8231, -1.2886),
  ('Sydney Opera House', 151.2153, -33.8568),
  ('Royal Exhibition Building', 144.9717, -37.8047),
  ('Parliament House, Canberra', 149.1244, -35.3082),
  ('The Beehive', 174.7766, -41.2784),
  ('ChristChurch Cathedral', 172.6371, -43.5309),
  ('Auckland War Memorial Museum', 174.7778, -36.8604),
  ('Dunedin Railway Station', 170.5081, -45.8756),
  ('Government Buildings, Suva', 178.4244, -18.1459),
  ('Royal Palace, Tonga', -175.2006, -21.1315),
  ('Amundsen-Scott South Pole Station', 139.2728, -89.9975),
  ('Princess Elisabeth Antarctica', 23.3469, -71.9499);
--> statement-breakpoint
INSERT INTO "users" ("handle", "is_system")
SELECT
  CASE
    WHEN NOT EXISTS (SELECT 1 FROM "users" WHERE "handle" = 'atlas') THEN 'atlas'
    WHEN NOT EXISTS (SELECT 1 FROM "users" WHERE "handle" = 'atlas_catalogue') THEN 'atlas_catalogue'
    ELSE 'atlas_system_' || (SELECT max("id") + 1 FROM "users")
  END,
  true
WHERE NOT EXISTS (SELECT 1 FROM "users" WHERE "is_system")
  AND EXISTS (
    SELECT 1 FROM "buildings" b
    JOIN "users" d ON d."id" = b."added_by" AND d."handle" = 'demo' AND d."google_sub" IS NULL
    JOIN "seed_catalogue_0004" s ON s."name" = b."name" AND s."lng" = b."lng" AND s."lat" = b."lat"
  );--> statement-breakpoint
UPDATE "buildings" b
SET "added_by" = (SELECT "id" FROM "users" WHERE "is_system")
FROM "users" d, "seed_catalogue_0004" s
WHERE d."id" = b."added_by" AND d."handle" = 'demo' AND d."google_sub" IS NULL
  AND s."name" = b."name" AND s."lng" = b."lng" AND s."lat" = b."lat";--> statement-breakpoint
DROP TABLE "seed_catalogue_0004";
