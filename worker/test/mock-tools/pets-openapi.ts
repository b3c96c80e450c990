/** The pets OpenAPI document (as JSON and YAML) that the action parser, executor and mock service share. */

export const PETS_DOMAIN = 'pets.example.com';

export function petsDocument(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: { title: 'Pets', version: '1.0.0' },
    servers: [{ url: 'https://pets.example.com/v1/' }],
    paths: {
      '/pets': {
        get: {
          operationId: 'listPets',
          summary: 'List the pets',
          parameters: [
            { name: 'limit', in: 'query', schema: { type: 'integer' }, description: 'How many at most' },
            { name: 'tags', in: 'query', schema: { type: 'array', items: { type: 'string' } } },
          ],
        },
        post: {
          operationId: 'createPet',
          description: 'Add a pet',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { $ref: '#/components/schemas/NewPet' } } },
          },
        },
      },
      '/pets/{petId}': {
        parameters: [{ $ref: '#/components/parameters/PetId' }],
        get: {
          operationId: 'showPet',
          parameters: [
            { name: 'X-Request-Id', in: 'header', schema: { type: 'string' } },
            { name: 'Authorization', in: 'header', schema: { type: 'string' } },
            { name: 'Host', in: 'header', schema: { type: 'string' } },
          ],
        },
        delete: { summary: 'Remove a pet' },
      },
    },
    components: {
      parameters: { PetId: { name: 'petId', in: 'path', required: true, schema: { type: 'string' } } },
      schemas: {
        NewPet: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string' }, owner: { $ref: '#/components/schemas/Owner' } },
        },
        Owner: { type: 'object', properties: { email: { type: 'string' } } },
      },
    },
  };
}

export const PETS_YAML = `
openapi: 3.0.3
info: { title: Pets, version: 1.0.0 }
servers:
  - url: https://pets.example.com/v1/
paths:
  /pets:
    get:
      operationId: listPets
      summary: List the pets
      parameters:
        - name: limit
          in: query
          description: How many at most
          schema: { type: integer }
        - name: tags
          in: query
          schema: { type: array, items: { type: string } }
    post:
      operationId: createPet
      description: Add a pet
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/NewPet' }
  /pets/{petId}:
    parameters:
      - $ref: '#/components/parameters/PetId'
    get:
      operationId: showPet
      parameters:
        - { name: X-Request-Id, in: header, schema: { type: string } }
        - { name: Authorization, in: header, schema: { type: string } }
        - { name: Host, in: header, schema: { type: string } }
    delete:
      summary: Remove a pet
components:
  parameters:
    PetId: { name: petId, in: path, required: true, schema: { type: string } }
  schemas:
    NewPet:
      type: object
      required: [name]
      properties:
        name: { type: string }
        owner: { $ref: '#/components/schemas/Owner' }
    Owner:
      type: object
      properties:
        email: { type: string }
`;
